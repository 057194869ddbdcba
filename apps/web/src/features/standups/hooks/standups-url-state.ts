import { DateSchema, ID_MAX, standupsRangeError } from '@teamboard/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const STANDUP_TABS = ['reports', 'analysis'] as const;
export type StandupTab = (typeof STANDUP_TABS)[number];

/**
 * What /project/:id/standupreports keeps in its query string, so a reload or Back shows the same:
 * the tab, the range (left out: the server's last 7 days) and the member of the list.
 */
export interface StandupsUrlState {
  tab: StandupTab;
  /** As the address has them: checked by `standupsRangeProblem`. */
  start_date: string | undefined;
  end_date: string | undefined;
  /** A member's user id, or undefined for everyone. */
  user_id: string | undefined;
}

const isDay = (value: string | undefined): value is string =>
  value !== undefined && DateSchema.safeParse(value).success;

function isTab(value: string | null): value is StandupTab {
  return (STANDUP_TABS as readonly (string | null)[]).includes(value);
}

/** Reads `?tab=&start_date=&end_date=&user_id=`; a malformed tab or member falls back to its default. */
export function parseStandupsUrl(params: URLSearchParams): StandupsUrlState {
  const tab = params.get('tab');
  const userId = params.get('user_id') ?? '';
  return {
    tab: isTab(tab) ? tab : 'reports',
    start_date: params.get('start_date') ?? undefined,
    end_date: params.get('end_date') ?? undefined,
    user_id: /^[1-9]\d{0,9}$/.test(userId) && Number(userId) <= ID_MAX ? userId : undefined,
  };
}

/** The reverse of parseStandupsUrl; defaults are left out so the plain URL stays plain. */
export function standupsUrlParams(state: StandupsUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== 'reports') params.set('tab', state.tab);
  if (state.start_date !== undefined) params.set('start_date', state.start_date);
  if (state.end_date !== undefined) params.set('end_date', state.end_date);
  if (state.user_id !== undefined) params.set('user_id', state.user_id);
  return params;
}

/**
 * The error code of the address's range, or null. Days left out are the server's to choose (the last
 * 7 days); days given must be real, in order, and at most a year apart.
 */
export function standupsRangeProblem(start: string | undefined, end: string | undefined): string | null {
  if ((start !== undefined && !isDay(start)) || (end !== undefined && !isDay(end))) return 'RANGE_NOT_VALID';
  if (start !== undefined && end !== undefined) return standupsRangeError(start, end);
  return null;
}

/** The URL state and a setter that merges a change into it; each change is one step Back undoes. */
export function useStandupsUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseStandupsUrl(params), [params]);
  const update = useCallback(
    (change: Partial<StandupsUrlState>) => {
      setParams((current) => standupsUrlParams({ ...parseStandupsUrl(current), ...change }));
    },
    [setParams],
  );
  return [state, update] as const;
}

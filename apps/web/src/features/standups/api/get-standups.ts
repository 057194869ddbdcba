import { useQuery } from '@tanstack/react-query';
import type { StandupList } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { projectStandupsPath, standupKeys, standupQuery } from './keys';

export interface StandupsFilter {
  start_date?: string;
  end_date?: string;
  user_id?: string;
}

/** GET /api/projects/:id/standups?start_date=&end_date=&user_id= (none: the last 7 days). */
export async function getStandups(projectId: string, filter: StandupsFilter): Promise<StandupList> {
  const body = await api.get<{ data: StandupList }>(
    `${projectStandupsPath(projectId)}${standupQuery({ ...filter })}`,
  );
  return body.data;
}

/** `filter` null: the address's range is not valid, and the screen says so without asking. */
export function useStandups(projectId: string, filter: StandupsFilter | null) {
  return useQuery({
    queryKey: standupKeys.list(projectId, { ...filter }),
    queryFn: () => getStandups(projectId, filter!),
    enabled: filter !== null,
  });
}

/**
 * The last 7 days up to the project's today, unfiltered: today's own stand-up and who is missing
 * today (the form and the sidebar's reminder). The reminder looks again now and then, silently.
 */
export function useTodayStandups(projectId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: standupKeys.list(projectId, {}),
    queryFn: () => getStandups(projectId, {}),
    enabled,
    refetchInterval: 5 * 60_000,
    meta: { silent: true },
  });
}

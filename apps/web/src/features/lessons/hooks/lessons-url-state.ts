import { LANGUAGES, normalizeTag, type Language } from '@teamboard/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const LESSON_TABS = ['search', 'project', 'mine', 'manage'] as const;
export type LessonTab = (typeof LESSON_TABS)[number];

/** What /project/:id/lessons keeps in its URL, so a reload or Back shows the same thing. */
export interface LessonsUrlState {
  tab: LessonTab;
  q: string;
  tags: string[];
  language: Language | null;
  page: number;
}

const MAX_PAGE = 1000;

function isTab(value: string | null): value is LessonTab {
  return (LESSON_TABS as readonly (string | null)[]).includes(value);
}

function isLanguage(value: string | null): value is Language {
  return (LANGUAGES as readonly (string | null)[]).includes(value);
}

/** Reads the state from `?tab=&q=&tags=a,b&language=&page=`; anything malformed falls back to its default. */
export function parseLessonsUrl(params: URLSearchParams): LessonsUrlState {
  const tab = params.get('tab');
  const language = params.get('language');
  const page = Number(params.get('page'));
  const tags = (params.get('tags') ?? '').split(',').map(normalizeTag).filter(Boolean);
  return {
    tab: isTab(tab) ? tab : 'search',
    q: params.get('q') ?? '',
    tags: [...new Set(tags)],
    language: isLanguage(language) ? language : null,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The reverse of parseLessonsUrl; defaults are left out so the plain URL stays plain. */
export function lessonsUrlParams(state: LessonsUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== 'search') params.set('tab', state.tab);
  if (state.q !== '') params.set('q', state.q);
  if (state.tags.length > 0) params.set('tags', state.tags.join(','));
  if (state.language !== null) params.set('language', state.language);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/**
 * The URL state and a setter that merges a change into it. A new query, tag or language starts again
 * at page 1. Typing replaces the history entry; a tab, a filter or a page is one step Back undoes.
 */
export function useLessonsUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseLessonsUrl(params), [params]);
  const update = useCallback(
    (change: Partial<LessonsUrlState>, { replace = false }: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const previous = parseLessonsUrl(current);
          const isNewSearch =
            change.q !== undefined || change.tags !== undefined || change.language !== undefined;
          const next = { ...previous, ...(isNewSearch ? { page: 1 } : {}), ...change };
          return lessonsUrlParams(next);
        },
        { replace },
      );
    },
    [setParams],
  );
  return [state, update] as const;
}

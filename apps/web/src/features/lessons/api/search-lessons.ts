import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Language, LessonSearchResponse } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface LessonSearchParams {
  q: string;
  tags: string[];
  language: Language | null;
  page: number;
}

/** The query string of GET /api/lessons/search; empty parts are left out. */
export function searchQueryString({ q, tags, language, page }: LessonSearchParams): string {
  const query = new URLSearchParams();
  if (q.trim() !== '') query.set('q', q.trim());
  if (tags.length > 0) query.set('tags', tags.join(','));
  if (language !== null) query.set('language', language);
  if (page > 1) query.set('page', String(page));
  return query.toString();
}

/** GET /api/lessons/search: published lessons of every project, best match first. */
export async function searchLessons(params: LessonSearchParams): Promise<LessonSearchResponse> {
  const query = searchQueryString(params);
  return api.get<LessonSearchResponse>(`/lessons/search${query === '' ? '' : `?${query}`}`);
}

export function useSearchLessons(params: LessonSearchParams) {
  return useQuery({
    queryKey: queryKeys.lessonSearch(searchQueryString(params)),
    queryFn: () => searchLessons(params),
    // The last results stay on screen while the next page or query loads.
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/lesson_tags?q=: up to 20 tags in use that start with or contain `q`. */
export async function getLessonTags(q: string): Promise<string[]> {
  const query = q === '' ? '' : `?q=${encodeURIComponent(q)}`;
  const body = await api.get<{ data: string[] }>(`/lesson_tags${query}`);
  return body.data;
}

export function useLessonTags(q: string) {
  return useQuery({
    queryKey: queryKeys.lessonTags(q),
    queryFn: () => getLessonTags(q),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

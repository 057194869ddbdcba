import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CourseOverview, CourseOverviewQuery } from '@teamboard/contract';
import { api } from '../../../lib/api-client';

/** The filters of the overview (exact values; missing: any). */
export type CourseFilters = Pick<CourseOverviewQuery, 'year' | 'semester' | 'section' | 'group'>;

export const courseOverviewKeys = {
  all: ['course-overview'] as const,
  of: (filters: CourseFilters) => ['course-overview', filters] as const,
};

/** The query string of a request: the filters that are set, then the order when asked for. */
export function courseOverviewSearch(query: CourseOverviewQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/dashboard/course_overview?year=&semester=&section=&group= */
export async function getCourseOverview(filters: CourseFilters): Promise<CourseOverview> {
  const body = await api.get<{ data: CourseOverview }>(
    `/dashboard/course_overview${courseOverviewSearch(filters)}`,
  );
  return body.data;
}

/** The overview of the filtered teams; the table sorts them itself (the same order as the server's). */
export function useCourseOverview(filters: CourseFilters) {
  return useQuery({
    queryKey: courseOverviewKeys.of(filters),
    queryFn: () => getCourseOverview(filters),
    // New filters keep the previous rows on screen until their own arrive.
    placeholderData: keepPreviousData,
  });
}

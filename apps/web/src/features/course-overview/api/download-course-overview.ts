import { useMutation } from '@tanstack/react-query';
import type { CourseOverviewQuery } from '@teamboard/contract';
import { apiRequest } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/csv';
import { courseOverviewSearch } from './get-course-overview';

const BOM = '\uFEFF';

/**
 * GET /api/dashboard/course_overview.csv with the filters and order shown, saved as a file. The
 * server writes a UTF-8 BOM (Excel then reads the accents right); reading the body as text drops
 * it, so it is put back.
 */
export async function downloadCourseOverview(query: CourseOverviewQuery, fileName: string): Promise<void> {
  const response = await apiRequest<string>(`/dashboard/course_overview.csv${courseOverviewSearch(query)}`);
  const text = String(response.data ?? '');
  downloadCsv(fileName, text.startsWith(BOM) ? text : BOM + text);
}

export function useDownloadCourseOverview() {
  return useMutation({
    mutationFn: ({ query, fileName }: { query: CourseOverviewQuery; fileName: string }) =>
      downloadCourseOverview(query, fileName),
  });
}

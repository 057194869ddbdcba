import { useQuery } from '@tanstack/react-query';
import type { TaskProgressReport } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { reportKeys, reportQuery, reportsPath } from './keys';

export interface TaskProgressReportQuery {
  start_date: string;
  end_date: string;
  /** The report draws one board's columns: it is required. */
  board_id: number;
}

/** GET /api/projects/:id/reports/task_progress?start_date=&end_date=&board_id= */
export async function getTaskProgressReport(
  projectId: string,
  query: TaskProgressReportQuery,
): Promise<TaskProgressReport> {
  const body = await api.get<{ data: TaskProgressReport }>(
    `${reportsPath(projectId)}/task_progress${reportQuery({ ...query })}`,
  );
  return body.data;
}

/** `query` null: the address is not valid (or names no board), and the screen says so without asking the server. */
export function useTaskProgressReport(projectId: string, query: TaskProgressReportQuery | null) {
  return useQuery({
    queryKey: reportKeys.report(projectId, 'task_progress', { ...query }),
    queryFn: () => getTaskProgressReport(projectId, query!),
    enabled: query !== null,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { TasksReport } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { reportKeys, reportQuery, reportsPath } from './keys';

export interface TasksReportQuery {
  start_date: string;
  end_date: string;
  /** Left out: every task, whoever it is assigned to. */
  user_id?: number;
}

/** GET /api/projects/:id/reports/tasks?start_date=&end_date=[&user_id=] */
export async function getTasksReport(projectId: string, query: TasksReportQuery): Promise<TasksReport> {
  const body = await api.get<{ data: TasksReport }>(
    `${reportsPath(projectId)}/tasks${reportQuery({ ...query })}`,
  );
  return body.data;
}

/** `query` null: the address is not valid, and the screen says so without asking the server. */
export function useTasksReport(projectId: string, query: TasksReportQuery | null) {
  return useQuery({
    queryKey: reportKeys.report(projectId, 'tasks', { ...query }),
    queryFn: () => getTasksReport(projectId, query!),
    enabled: query !== null,
  });
}

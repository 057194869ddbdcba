import { generatePath } from 'react-router';

export const REPORT_KINDS = [
  'user',
  'hours',
  'tasks',
  'timeline',
  'burnup',
  'burndown',
  'pullrequests',
  'lead',
  'commits',
  'averagetaskcompletion',
  'estimatedhoursvariation',
  'taskprogress',
  'workload',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Report sub-routes of /project/:id/report and their parameters (docs/spec.md §2). */
export const REPORT_PATHS: Record<ReportKind, string> = {
  user: 'user/:start_date/:end_date',
  hours: 'hours/:start_date/:end_date/:filter_option',
  tasks: 'tasks/:start_date/:end_date/:user_id',
  timeline: 'timeline/:start_date/:end_date',
  burnup: 'burnup/:milestone_id',
  burndown: 'burndown/:milestone_id',
  pullrequests: 'pullrequests',
  lead: 'lead',
  commits: 'commits/:start_date/:end_date/:user_id/:selected_repo_id',
  averagetaskcompletion: 'averagetaskcompletion/:milestone_id',
  estimatedhoursvariation: 'estimatedhoursvariation/:milestone_id',
  taskprogress: 'taskprogress/:start_date/:end_date/:board_id',
  workload: 'workload/:start_date/:end_date/:board_id',
};

/** The address of one report of a project, filled with the parameters its path names. */
export function reportPath(
  projectId: string,
  kind: ReportKind,
  params: Record<string, string | undefined>,
): string {
  return generatePath(`/project/:id/report/${REPORT_PATHS[kind]}`, { ...params, id: projectId });
}

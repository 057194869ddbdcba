import { type Fixture, type Row, VIEW } from '../../helpers/project-permission-rows.js';

/** Reports (docs/api-reports.md): read by whoever sees the project. */
export const RANGE = 'start_date=2026-11-20&end_date=2026-11-26';
export const reportRows: Row[] = (
  [
    ['hours', () => `${RANGE}&filter=day`],
    ['users_hours', () => RANGE],
    ['commits', () => RANGE],
    ['pull_requests', () => ''],
    ['tasks', () => RANGE],
    ['lead', () => ''],
    ['burnup', (f) => `milestone_id=${f.milestoneId}`],
    ['burndown', (f) => `milestone_id=${f.milestoneId}`],
    ['velocity', () => ''],
    ['timeline', () => RANGE],
    ['workload', (f) => `${RANGE}&board_id=${f.boardId}`],
    ['task_progress', (f) => `${RANGE}&board_id=${f.boardId}`],
    ['average_task_completion', (f) => `milestone_id=${f.milestoneId}`],
    ['estimated_hours_variation', (f) => `milestone_id=${f.milestoneId}`],
  ] as const satisfies readonly (readonly [string, (f: Fixture) => string])[]
).map(([report, query]) => ({
  method: 'GET',
  route: `/api/projects/:id/reports/${report}`,
  request: (f: Fixture) => ({ url: `/api/projects/${f.projectId}/reports/${report}?${query(f)}` }),
  expected: VIEW,
}));

import { readFileSync } from 'node:fs';
import type { SeededCourse } from './course';
import { localDay } from './reports';

/** One screen the crawl visits: the route-table pattern it stands for and its address in the course. */
export interface Screen {
  route: string;
  path: (course: SeededCourse) => string;
  /** Screens for someone signed out are visited before the session is handed to the browser. */
  signedOut?: boolean;
}

const from = localDay(-30);
const to = localDay(0);
const project = (course: SeededCourse, rest = '') => `/project/${course.projectId}${rest}`;

/** Every route of apps/web/src/app/route-table.tsx, once; `signedOut` screens first. */
export const SCREENS: Screen[] = [
  { route: '/logout', path: () => '/logout', signedOut: true },
  { route: '/', path: () => '/', signedOut: true },
  { route: '/login/:username?', path: () => '/login', signedOut: true },
  { route: '/register', path: () => '/register', signedOut: true },
  { route: '/forgot', path: () => '/forgot', signedOut: true },
  { route: '/resend', path: () => '/resend', signedOut: true },
  { route: '/api/auth/confirmation', path: () => '/api/auth/confirmation', signedOut: true },
  { route: '/reset_password/:token', path: () => '/reset_password/not-a-real-token', signedOut: true },
  { route: '/mail', path: () => '/mail', signedOut: true },
  { route: '/oidc/finish', path: () => '/oidc/finish', signedOut: true },
  { route: '*', path: () => '/no-such-page', signedOut: true },
  { route: '/welcome', path: () => '/welcome' },
  { route: '/home', path: () => '/home' },
  { route: '/settings', path: () => '/settings' },
  { route: '/myprofile', path: () => '/myprofile' },
  { route: '/dashboard', path: () => '/dashboard' },
  { route: '/dashboard', path: () => '/dashboard?tab=metrics' },
  { route: '/dashboard', path: () => '/dashboard?tab=course' },
  { route: '/dashboard', path: () => '/dashboard?tab=templates' },
  { route: '/dashboard/knowledge/:form_id', path: (c) => `/dashboard/knowledge/${c.formId}` },
  { route: '/github/:id', path: (c) => `/github/${c.projectId}` },
  { route: '/project/:id', path: (c) => project(c, `?board=${c.boardId}`) },
  { route: '/project/:id/milestone', path: (c) => project(c, '/milestone') },
  {
    route: '/project/:id/milestone/:milestone_id/snapshot',
    path: (c) => project(c, `/milestone/${c.pastMilestoneId}/snapshot`),
  },
  {
    route: '/project/:id/milestone/snapshots/:snapshot_id',
    path: (c) => project(c, `/milestone/snapshots/${c.snapshotId}`),
  },
  { route: '/project/:id/report', path: (c) => project(c, '/report') },
  {
    route: '/project/:id/report/user/:start_date/:end_date',
    path: (c) => project(c, `/report/user/${from}/${to}`),
  },
  {
    route: '/project/:id/report/hours/:start_date/:end_date/:filter_option',
    path: (c) => project(c, `/report/hours/${from}/${to}/day`),
  },
  {
    route: '/project/:id/report/tasks/:start_date/:end_date/:user_id',
    path: (c) => project(c, `/report/tasks/${from}/${to}/all`),
  },
  {
    route: '/project/:id/report/timeline/:start_date/:end_date',
    path: (c) => project(c, `/report/timeline/${from}/${to}`),
  },
  {
    route: '/project/:id/report/burnup/:milestone_id',
    path: (c) => project(c, `/report/burnup/${c.milestoneId}`),
  },
  {
    route: '/project/:id/report/burndown/:milestone_id',
    path: (c) => project(c, `/report/burndown/${c.milestoneId}`),
  },
  { route: '/project/:id/report/pullrequests', path: (c) => project(c, '/report/pullrequests') },
  { route: '/project/:id/report/lead', path: (c) => project(c, '/report/lead') },
  {
    route: '/project/:id/report/commits/:start_date/:end_date/:user_id/:selected_repo_id',
    path: (c) => project(c, `/report/commits/${from}/${to}/all/all`),
  },
  {
    route: '/project/:id/report/averagetaskcompletion/:milestone_id',
    path: (c) => project(c, `/report/averagetaskcompletion/${c.milestoneId}`),
  },
  {
    route: '/project/:id/report/estimatedhoursvariation/:milestone_id',
    path: (c) => project(c, `/report/estimatedhoursvariation/${c.milestoneId}`),
  },
  {
    route: '/project/:id/report/taskprogress/:start_date/:end_date/:board_id',
    path: (c) => project(c, `/report/taskprogress/${from}/${to}/${c.boardId}`),
  },
  {
    route: '/project/:id/report/workload/:start_date/:end_date/:board_id',
    path: (c) => project(c, `/report/workload/${from}/${to}/${c.boardId}`),
  },
  { route: '/project/:id/lessons', path: (c) => project(c, '/lessons') },
  { route: '/project/:id/lessons/:lesson_id', path: (c) => project(c, `/lessons/${c.lessonId}`) },
  { route: '/project/:id/standupreports', path: (c) => project(c, '/standupreports') },
  {
    route: '/project/:id/standupreports/:lesson_id',
    path: (c) => project(c, `/standupreports/${c.standupId}`),
  },
  { route: '/project/:id/evaluations', path: (c) => project(c, '/evaluations') },
  { route: '/project/:id/evaluations/new', path: (c) => project(c, '/evaluations/new') },
  {
    route: '/project/:id/evaluations/:evaluation_id',
    path: (c) => project(c, `/evaluations/${c.evaluationId}`),
  },
  {
    route: '/project/:id/evaluations/:evaluation_id/answer',
    path: (c) => project(c, `/evaluations/${c.evaluationId}/answer`),
  },
  {
    route: '/project/:id/evaluations/:evaluation_id/edit',
    path: (c) => project(c, `/evaluations/${c.evaluationId}/edit`),
  },
  {
    route: '/project/:id/evaluations/:evaluation_id/results',
    path: (c) => project(c, `/evaluations/${c.evaluationId}/results`),
  },
  { route: '/project/:id/metrics', path: (c) => project(c, '/metrics') },
  { route: '/project/:id/repositories', path: (c) => project(c, '/repositories') },
  { route: '/project/:id/fairness', path: (c) => project(c, '/fairness') },
  { route: '/project/:id/hour-questions', path: (c) => project(c, '/hour-questions') },
];

/**
 * Every URL pattern apps/web/src/app/route-table.tsx declares, read from its source (and the report
 * sub-paths from report-paths.ts), so a route added there without a screen here fails the crawl.
 */
export function routeTablePatterns(): string[] {
  const table = readFileSync('apps/web/src/app/route-table.tsx', 'utf8');
  const reports = readFileSync('apps/web/src/app/report-paths.ts', 'utf8');
  const declared = [...table.matchAll(/(?:page\(|path: )'([^']+)'/g)].map((match) => match[1]!);
  const reportBlock = reports.slice(reports.indexOf('REPORT_PATHS'));
  const reportPaths = [...reportBlock.matchAll(/^\s+\w+: '([^']+)'/gm)].map((match) => `report/${match[1]}`);
  const patterns = [...declared, ...reportPaths].map((path) => {
    if (path.startsWith('/') || path === '*') return path;
    if (path === 'project/:id') return '/project/:id';
    return `/project/:id/${path}`;
  });
  // The project's index route (the board) has no path of its own: it is /project/:id.
  return [...new Set(patterns)].sort();
}

import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from './app-layout';
import { lazyTranslated as screen } from './lazy-translated';
import { ProjectRoute } from './project-route';
import { RequireAuth } from './require-auth';
import LoginRoute from './routes/login';
import NotFoundRoute from './routes/not-found';
import { REPORT_KINDS, REPORT_PATHS } from './report-paths';

// The login screen and the shell load first; every other screen is its own chunk.
const Register = screen(() => import('./routes/register'));
const Logout = screen(() => import('./routes/logout'));
const Forgot = screen(() => import('./routes/forgot'));
const Resend = screen(() => import('./routes/resend'));
const Confirmation = screen(() => import('./routes/confirmation'));
const ResetPassword = screen(() => import('./routes/reset-password'));
const Mail = screen(() => import('./routes/mail'));
const Github = screen(() => import('./routes/github'));
const OidcFinish = screen(() => import('./routes/oidc-finish'));
const Home = screen(() => import('./routes/home'));
const Settings = screen(() => import('./routes/settings'));
const MyProfile = screen(() => import('./routes/my-profile'));
const Dashboard = screen(() => import('./routes/dashboard'));
const KnowledgeResults = screen(() => import('./routes/knowledge-results'));
const Board = screen(() => import('./routes/project/board'));
/**
 * The project frame and the board, its index screen where most visits land, load in parallel: one
 * after the other, React would also hold the board back behind its fallback throttle (~300 ms).
 */
const ProjectLayout = screen(() => {
  if (/^\/project\/[^/]+\/?$/.test(window.location.pathname)) void Board.preload();
  return import('./project-layout');
});
const Milestones = screen(() => import('./routes/project/milestones'));
const MilestoneSnapshot = screen(() => import('./routes/project/milestone-snapshot'));
const Reports = screen(() => import('./routes/project/reports'));
const ReportDetail = screen(() => import('./routes/project/report-detail'));
const Lessons = screen(() => import('./routes/project/lessons'));
const Lesson = screen(() => import('./routes/project/lesson'));
const Standups = screen(() => import('./routes/project/standups'));
const Standup = screen(() => import('./routes/project/standup'));
const Evaluations = screen(() => import('./routes/project/evaluations'));
const EvaluationForm = screen(() => import('./routes/project/evaluation-form'));
const Evaluation = screen(() => import('./routes/project/evaluation'));
const EvaluationResults = screen(() => import('./routes/project/evaluation-results'));
const Metrics = screen(() => import('./routes/project/metrics'));
const Repositories = screen(() => import('./routes/project/repositories'));
const Fairness = screen(() => import('./routes/project/fairness'));
const HourSignals = screen(() => import('./routes/project/hour-signals'));

function page(path: string, Screen: ComponentType): RouteObject {
  return { path, element: <Screen /> };
}

const projectRoutes: RouteObject = {
  path: 'project/:id',
  element: (
    <ProjectRoute>
      <ProjectLayout />
    </ProjectRoute>
  ),
  children: [
    { index: true, element: <Board /> },
    page('milestone', Milestones),
    page('milestone/:milestone_id/snapshot', MilestoneSnapshot),
    page('milestone/snapshots/:snapshot_id', MilestoneSnapshot),
    page('report', Reports),
    ...REPORT_KINDS.map((kind) => ({
      path: `report/${REPORT_PATHS[kind]}`,
      element: <ReportDetail kind={kind} />,
    })),
    page('lessons', Lessons),
    page('lessons/:lesson_id', Lesson),
    page('standupreports', Standups),
    page('standupreports/:lesson_id', Standup),
    page('evaluations', Evaluations),
    page('evaluations/new', EvaluationForm),
    { path: 'evaluations/:evaluation_id', element: <Evaluation view="default" /> },
    { path: 'evaluations/:evaluation_id/answer', element: <Evaluation view="answer" /> },
    page('evaluations/:evaluation_id/edit', EvaluationForm),
    page('evaluations/:evaluation_id/results', EvaluationResults),
    page('metrics', Metrics),
    page('repositories', Repositories),
    page('fairness', Fairness),
    page('hour-questions', HourSignals),
  ],
};

/** Every URL of docs/spec.md §2. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      page('/', LoginRoute),
      page('/login/:username?', LoginRoute),
      page('/register', Register),
      page('/logout', Logout),
      page('/forgot', Forgot),
      page('/resend', Resend),
      page('/api/auth/confirmation', Confirmation),
      page('/reset_password/:token', ResetPassword),
      page('/mail', Mail),
      page('/github/:id', Github),
      page('/oidc/finish', OidcFinish),
      {
        element: <RequireAuth />,
        children: [
          page('/welcome', Home),
          page('/home', Home),
          page('/settings', Settings),
          page('/myprofile', MyProfile),
          page('/dashboard', Dashboard),
          page('/dashboard/knowledge/:form_id', KnowledgeResults),
          projectRoutes,
        ],
      },
      page('*', NotFoundRoute),
    ],
  },
];

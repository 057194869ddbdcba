import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from './app-layout';
import { RequireAuth } from './require-auth';
import LoginRoute from './routes/login';
import NotFoundRoute from './routes/not-found';
import { REPORT_KINDS, REPORT_PATHS } from './report-paths';

// The login screen and the shell load first; every other screen is its own chunk.
const Register = lazy(() => import('./routes/register'));
const Logout = lazy(() => import('./routes/logout'));
const Forgot = lazy(() => import('./routes/forgot'));
const Resend = lazy(() => import('./routes/resend'));
const Confirmation = lazy(() => import('./routes/confirmation'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const Mail = lazy(() => import('./routes/mail'));
const Github = lazy(() => import('./routes/github'));
const Home = lazy(() => import('./routes/home'));
const ProjectLayout = lazy(() => import('./project-layout'));
const Settings = lazy(() => import('./routes/settings'));
const MyProfile = lazy(() => import('./routes/my-profile'));
const Dashboard = lazy(() => import('./routes/dashboard'));
const Board = lazy(() => import('./routes/project/board'));
const Milestones = lazy(() => import('./routes/project/milestones'));
const Reports = lazy(() => import('./routes/project/reports'));
const ReportDetail = lazy(() => import('./routes/project/report-detail'));
const Lessons = lazy(() => import('./routes/project/lessons'));
const Lesson = lazy(() => import('./routes/project/lesson'));
const Standups = lazy(() => import('./routes/project/standups'));
const Standup = lazy(() => import('./routes/project/standup'));
const Evaluations = lazy(() => import('./routes/project/evaluations'));
const Metrics = lazy(() => import('./routes/project/metrics'));

function page(path: string, Screen: LazyExoticComponent<ComponentType> | ComponentType): RouteObject {
  return { path, element: <Screen /> };
}

const projectRoutes: RouteObject = {
  path: 'project/:id',
  element: <ProjectLayout />,
  children: [
    { index: true, element: <Board /> },
    page('milestone', Milestones),
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
    page('metrics', Metrics),
  ],
};

/** Every URL of SPEC §2. */
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
      {
        element: <RequireAuth />,
        children: [
          page('/welcome', Home),
          page('/home', Home),
          page('/settings', Settings),
          page('/myprofile', MyProfile),
          page('/dashboard', Dashboard),
          projectRoutes,
        ],
      },
      page('*', NotFoundRoute),
    ],
  },
];

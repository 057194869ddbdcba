import { Alert, Tabs } from '@mantine/core';
import { canSeeDashboard } from '@teamboard/contract';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { KnowledgeFormsManager } from '../../features/knowledge/components/knowledge-forms-manager';
import { useCurrentUser } from '../../lib/session';
import { RouteFallback } from '../app-layout';
import { lazyTranslated } from '../lazy-translated';

// Only admins review lessons: the others never load that code.
const LessonsToReview = lazyTranslated(async () => ({
  default: (await import('../../features/lessons/components/lessons-to-review')).LessonsToReview,
}));

// Only admins write the terms and conditions.
const TermsManager = lazyTranslated(async () => ({
  default: (await import('../../features/terms/components/terms-manager')).TermsManager,
}));

// The Metrics tab's charts library loads only when it is opened.
const MetricsPanel = lazyTranslated(async () => ({
  default: (await import('../../features/metrics/components/metrics-panel')).MetricsPanel,
}));

// Teachers and admins: the Course overview tab (its own chunk, loaded when opened).
const CourseOverviewPanel = lazyTranslated(async () => ({
  default: (await import('../../features/course-overview/components/course-overview-panel'))
    .CourseOverviewPanel,
}));

// Teachers and admins: course templates and roster import (its own chunk, loaded when opened).
const CourseTemplatesTab = lazyTranslated(async () => ({
  default: (await import('../../features/course-templates/components/course-templates-tab'))
    .CourseTemplatesTab,
}));

// Admins only: the Users, Admins and Audit tabs (one chunk).
const DashboardAdminTab = lazyTranslated(async () => ({
  default: (await import('../../features/admin-users/components/dashboard-admin-tabs')).DashboardAdminTab,
}));
const ADMIN_USER_TABS = ['users', 'admins', 'audit'] as const;

// Admins only: the assistant's engines, slots and provider keys.
const AssistantEnginesPanel = lazyTranslated(async () => ({
  default: (await import('../../features/assistant/components/assistant-engines-panel'))
    .AssistantEnginesPanel,
}));

// Admins only: the background job queue.
const JobsPanel = lazyTranslated(async () => ({
  default: (await import('../../features/jobs/components/jobs-panel')).JobsPanel,
}));

type Tab =
  | 'lessons'
  | 'knowledge'
  | 'terms'
  | 'metrics'
  | 'course'
  | 'templates'
  | (typeof ADMIN_USER_TABS)[number]
  | 'assistant'
  | 'jobs';

/**
 * /dashboard: teaching staff and administrators only (the server enforces the same rule). Admins
 * have "Lessons to review" and "Knowledge forms"; teachers "Knowledge forms" (?tab= picks one).
 */
export default function DashboardRoute() {
  const { t } = useTranslation(['admin', 'knowledge']);
  const user = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  if (user === null || !canSeeDashboard(user.account_type)) {
    return (
      <Page title={t('common:forbidden.title')}>
        <Alert color="red" role="alert">
          {t('common:forbidden.text')}
        </Alert>
      </Page>
    );
  }
  const isAdmin = user.account_type === 'admin';
  const tabs: Tab[] = isAdmin
    ? [
        'lessons',
        'knowledge',
        'terms',
        'metrics',
        'course',
        'templates',
        ...ADMIN_USER_TABS,
        'assistant',
        'jobs',
      ]
    : ['knowledge', 'metrics', 'course', 'templates'];
  const asked = search.get('tab');
  const tab: Tab = tabs.find((candidate) => candidate === asked) ?? tabs[0]!;
  return (
    <Page title={t('dashboard.title')}>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => {
          if (value) setSearch({ tab: value }, { replace: true });
        }}
      >
        <Tabs.List>
          {isAdmin && <Tabs.Tab value="lessons">{t('knowledge:manage.lessons_tab')}</Tabs.Tab>}
          <Tabs.Tab value="knowledge">{t('knowledge:manage.tab')}</Tabs.Tab>
          {isAdmin && <Tabs.Tab value="terms">{t('terms:manage.tab')}</Tabs.Tab>}
          <Tabs.Tab value="metrics">{t('metrics:tab')}</Tabs.Tab>
          <Tabs.Tab value="course">{t('course-overview:tab')}</Tabs.Tab>
          <Tabs.Tab value="templates">{t('course-templates:tab')}</Tabs.Tab>
          {isAdmin &&
            ADMIN_USER_TABS.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`admin_users:tabs.${name}`)}
              </Tabs.Tab>
            ))}
          {isAdmin && <Tabs.Tab value="assistant">{t('assistant:settings.tab')}</Tabs.Tab>}
          {isAdmin && <Tabs.Tab value="jobs">{t('admin:jobs.tab')}</Tabs.Tab>}
        </Tabs.List>
        {isAdmin && (
          <Tabs.Panel value="lessons" pt="md">
            <Suspense fallback={<RouteFallback />}>
              <LessonsToReview />
            </Suspense>
          </Tabs.Panel>
        )}
        <Tabs.Panel value="knowledge" pt="md">
          <KnowledgeFormsManager showAuthor={isAdmin} />
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="terms" pt="md">
            <Suspense fallback={<RouteFallback />}>
              <TermsManager />
            </Suspense>
          </Tabs.Panel>
        )}
        <Tabs.Panel value="metrics" pt="md">
          <Suspense fallback={<RouteFallback />}>
            <MetricsPanel />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="course" pt="md">
          <Suspense fallback={<RouteFallback />}>
            <CourseOverviewPanel />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <Suspense fallback={<RouteFallback />}>
            <CourseTemplatesTab showOwner={isAdmin} />
          </Suspense>
        </Tabs.Panel>
        {isAdmin &&
          ADMIN_USER_TABS.map((name) => (
            <Tabs.Panel key={name} value={name} pt="md">
              <Suspense fallback={<RouteFallback />}>
                <DashboardAdminTab tab={name} currentUserId={user.id} />
              </Suspense>
            </Tabs.Panel>
          ))}
        {isAdmin && (
          <Tabs.Panel value="assistant" pt="md">
            <Suspense fallback={<RouteFallback />}>
              <AssistantEnginesPanel />
            </Suspense>
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="jobs" pt="md">
            <Suspense fallback={<RouteFallback />}>
              <JobsPanel />
            </Suspense>
          </Tabs.Panel>
        )}
      </Tabs>
    </Page>
  );
}

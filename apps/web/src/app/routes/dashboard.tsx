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

type Tab = 'lessons' | 'knowledge';

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
  const tabs: Tab[] = isAdmin ? ['lessons', 'knowledge'] : ['knowledge'];
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
      </Tabs>
    </Page>
  );
}

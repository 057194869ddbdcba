import { Alert } from '@mantine/core';
import { canSeeDashboard } from '@teamboard/contract';
import { IconDashboard } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { useCurrentUser } from '../../lib/session';
import { RouteFallback } from '../app-layout';
import { lazyTranslated } from '../lazy-translated';

// Only admins review lessons: the others never load that code.
const LessonsToReview = lazyTranslated(async () => ({
  default: (await import('../../features/lessons/components/lessons-to-review')).LessonsToReview,
}));

/** /dashboard: teaching staff and administrators only (the server enforces the same rule). */
export default function DashboardRoute() {
  const { t } = useTranslation('admin');
  const user = useCurrentUser();
  if (user === null || !canSeeDashboard(user.account_type)) {
    return (
      <Page title={t('common:forbidden.title')}>
        <Alert color="red" role="alert">
          {t('common:forbidden.text')}
        </Alert>
      </Page>
    );
  }
  return (
    <Page title={t('dashboard.title')}>
      {user.account_type === 'admin' ? (
        <Suspense fallback={<RouteFallback />}>
          <LessonsToReview />
        </Suspense>
      ) : (
        <EmptyState icon={<IconDashboard aria-hidden size={28} />} title={t('dashboard.empty')} />
      )}
    </Page>
  );
}

import { Alert } from '@mantine/core';
import { canSeeDashboard, ID_MAX } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { KnowledgeResultsScreen } from '../../features/knowledge/components/knowledge-results';
import { useCurrentUser } from '../../lib/session';
import NotFoundRoute from './not-found';

/** /dashboard/knowledge/:form_id: a knowledge form's results, for the teachers and admins who manage it. */
export default function KnowledgeResultsRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const formId = Number(useParams().form_id);
  if (user === null || !canSeeDashboard(user.account_type)) {
    return (
      <Page title={t('forbidden.title')}>
        <Alert color="red" role="alert">
          {t('forbidden.text')}
        </Alert>
      </Page>
    );
  }
  if (!Number.isInteger(formId) || formId <= 0 || formId > ID_MAX) return <NotFoundRoute />;
  return <KnowledgeResultsScreen key={formId} formId={formId} />;
}

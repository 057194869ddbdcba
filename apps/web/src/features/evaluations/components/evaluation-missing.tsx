import { Anchor, Loader } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-error';

/** The list's link back, above every evaluation screen. */
export function BackToList({ to }: { to: string }) {
  const { t } = useTranslation('evaluations');
  return (
    <Anchor component={Link} to={to} size="sm" w="fit-content">
      {t('back')}
    </Anchor>
  );
}

/** Loading, or "not found" (a 404/403, or one of another project), or the failure's own message. */
export function EvaluationMissing({
  listPath,
  isPending,
  error,
}: {
  listPath: string;
  isPending: boolean;
  error: Error | null;
}) {
  const { t } = useTranslation('evaluations');
  if (isPending)
    return (
      <Page title={t('title')}>
        <Loader size="sm" role="status" aria-label={t('loading')} />
      </Page>
    );
  const isMissing = error === null || (isApiError(error) && (error.status === 404 || error.status === 403));
  return (
    <Page title={t('title')}>
      <EmptyState
        icon={<IconClipboardCheck aria-hidden size={28} />}
        title={isMissing ? t('not_found') : t('load_failed')}
        description={isMissing ? t('not_found_hint') : error.message}
      >
        <BackToList to={listPath} />
      </EmptyState>
    </Page>
  );
}

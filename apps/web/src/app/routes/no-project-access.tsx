import { Anchor } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/**
 * A /project/:id the reader cannot see: removed from it, never a member of a private project, or no
 * such project. All three read the same (a private project's existence must not leak).
 */
export default function NoProjectAccessRoute() {
  const { t } = useTranslation('projects');
  return (
    <Page title={t('no_access.title')}>
      <EmptyState
        icon={<IconLock aria-hidden size={28} />}
        title={t('no_access.text')}
        description={
          <Anchor component={Link} to="/home">
            {t('no_access.home')}
          </Anchor>
        }
      />
    </Page>
  );
}

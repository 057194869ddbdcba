import { IconBrandGit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /github/:id — the code-hosting link lands with its integration issue. */
export default function GithubRoute() {
  const { t } = useTranslation('integrations');
  return (
    <Page title={t('github.title')}>
      <EmptyState
        icon={<IconBrandGit aria-hidden size={28} />}
        title={t('github.empty')}
        description={t('github.text')}
      />
    </Page>
  );
}

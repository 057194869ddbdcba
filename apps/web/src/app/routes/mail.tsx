import { Anchor, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

/** /mail: "check your inbox" after register, forgot and resend. */
export default function MailRoute() {
  const { t } = useTranslation('auth');
  return (
    <Page title={t('mail.title')} narrow>
      <EmptyState
        icon={<IconMailOpened aria-hidden size={28} />}
        title={t('mail.title')}
        description={<Text size="sm">{t('mail.text')}</Text>}
      >
        <Anchor component={Link} to="/login">
          {t('mail.back')}
        </Anchor>
      </EmptyState>
    </Page>
  );
}

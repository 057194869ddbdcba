import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { ConfirmAccountStatus } from '../../features/auth/components/confirm-account-status';

/** /api/auth/confirmation?confirmation_token=… (the link of the confirmation email). */
export default function ConfirmationRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  return (
    <Page title={t('confirmation.title')} narrow>
      <ConfirmAccountStatus token={params.get('confirmation_token')} />
    </Page>
  );
}

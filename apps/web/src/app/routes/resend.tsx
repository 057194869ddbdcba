import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { EmailLinkForm } from '../../features/auth/components/email-link-form';

/** /resend */
export default function ResendRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Page title={t('resend.title')} narrow>
      <EmailLinkForm kind="resend" onSent={() => navigate('/mail')} />
    </Page>
  );
}

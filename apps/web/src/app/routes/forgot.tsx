import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { EmailLinkForm } from '../../features/auth/components/email-link-form';

/** /forgot */
export default function ForgotRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Page title={t('forgot.title')} narrow>
      <EmailLinkForm kind="forgot" onSent={() => navigate('/mail')} />
    </Page>
  );
}

import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useCurrentTerms } from '../../features/terms/api/get-current-terms';
import { TermsText } from '../../features/terms/components/terms-text';

/** /register: the sign-up form, showing (and accepting) the terms version in force. */
export default function RegisterRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const current = useCurrentTerms();
  const terms = current.data
    ? { version: current.data.version, content: <TermsText terms={current.data} /> }
    : undefined;
  return (
    <Page title={t('register.title')} narrow>
      <RegisterForm onRegistered={() => navigate('/mail')} terms={terms} />
    </Page>
  );
}

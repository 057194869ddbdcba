import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { RegisterForm } from '../../features/auth/components/register-form';

/** /register */
export default function RegisterRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Page title={t('register.title')} narrow>
      <RegisterForm onRegistered={() => navigate('/mail')} />
    </Page>
  );
}

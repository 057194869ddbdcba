import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Page } from '../../components/page';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** /reset_password/:token */
export default function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  return (
    <Page title={t('reset.title')} narrow>
      <ResetPasswordForm token={token} onReset={() => navigate('/login', { replace: true })} />
    </Page>
  );
}

import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Page } from '../../components/page';
import { LoginForm } from '../../features/auth/components/login-form';
import { useSession } from '../../lib/session';

/**
 * The login screen. On /login it goes to /welcome once signed in; shown in place of a protected
 * screen it stays on that URL, which then renders the screen itself.
 */
export function LoginScreen({ redirectTo }: { redirectTo?: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { username } = useParams();
  // The optional :username is only a hint; an address in it pre-fills the email field.
  const defaultEmail = username?.includes('@') ? username : '';
  return (
    <Page title={t('login.title')} narrow>
      <LoginForm
        defaultEmail={defaultEmail}
        onSignedIn={() => redirectTo && navigate(redirectTo, { replace: true })}
      />
    </Page>
  );
}

/** / and /login/:username? */
export default function LoginRoute() {
  const session = useSession();
  if (session !== null) return <Navigate to="/welcome" replace />;
  return <LoginScreen redirectTo="/welcome" />;
}

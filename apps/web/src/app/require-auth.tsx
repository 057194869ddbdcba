import { Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { LoginScreen } from './routes/login';
import { TermsGate } from './terms-gate';

/**
 * Protected routes show the login screen in place (same URL) while signed out (docs/spec.md §2), and
 * the accept-terms screen while new terms are pending (terms-gate.tsx).
 */
export function RequireAuth() {
  const session = useSession();
  if (session === null) return <LoginScreen />;
  return (
    <TermsGate>
      <Outlet />
    </TermsGate>
  );
}

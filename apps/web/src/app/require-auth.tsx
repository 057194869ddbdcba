import { Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { LoginScreen } from './routes/login';

/** Protected routes show the login screen in place (same URL) while signed out (docs/spec.md §2). */
export function RequireAuth() {
  const session = useSession();
  return session === null ? <LoginScreen /> : <Outlet />;
}

import { apiRequest } from '../../../lib/api-client';
import { clearSession, getSession } from '../../../lib/session';

/** DELETE /api/auth/sign_out, then wipes the stored session whatever the server answered. */
export async function signOut(): Promise<void> {
  try {
    if (getSession() !== null) await apiRequest<void>('/auth/sign_out', { method: 'DELETE' });
  } catch {
    // The session is wiped locally anyway; an expired token is as good as signed out.
  } finally {
    clearSession();
  }
}

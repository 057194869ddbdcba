import { describe, expect, it, vi } from 'vitest';
import { credentials, makeUser } from '../test/fixtures';
import {
  clearSession,
  credentialsFromHeaders,
  getSession,
  setSession,
  subscribeSession,
  updateSessionUser,
} from './session';

describe('session store', () => {
  it('persists the credentials and the user in localStorage', () => {
    setSession(credentials, makeUser());
    const stored = JSON.parse(localStorage.getItem('teamboard.session') ?? 'null');
    expect(stored.credentials).toEqual(credentials);
    expect(stored.user.email).toBe('ana@example.com');
    expect(getSession()?.user.name).toBe('Ana Pérez');
  });

  it('wipes everything on logout and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    setSession(credentials, makeUser());
    clearSession();
    unsubscribe();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('teamboard.session')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('refreshes the user, taking max_projects only from the same email', () => {
    setSession(credentials, makeUser());
    updateSessionUser(makeUser({ name: 'Ana P.', max_projects: 9 }));
    expect(getSession()?.user).toMatchObject({ name: 'Ana P.', max_projects: 9 });
    updateSessionUser(makeUser({ email: 'other@example.com', name: 'Other', max_projects: 1 }));
    expect(getSession()?.user.max_projects).toBe(9);
  });

  it('reads the four auth headers of a sign-in response', () => {
    const headers = new Headers({ 'access-token': 't', client: 'c', uid: 'u', expiry: 'e' });
    expect(credentialsFromHeaders(headers)).toEqual({ token: 't', client: 'c', uid: 'u', expiry: 'e' });
    expect(credentialsFromHeaders(new Headers({ client: 'c' }))).toBeNull();
  });
});

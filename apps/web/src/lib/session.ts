import type { AuthHeaders, User } from '@teamboard/contract';
import { useSyncExternalStore } from 'react';

/** Token headers of the signed-in client (docs/spec.md §3 session data: token, client, uid, expiry). */
export interface Credentials {
  token: string;
  client: string;
  uid: string;
  expiry: string;
}

export interface Session {
  credentials: Credentials;
  user: User;
}

const STORAGE_KEY = 'teamboard.session';
const listeners = new Set<() => void>();
let current: Session | null = load();

function load(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (raw === null) return null;
    const parsed = JSON.parse(raw) as Partial<Session>;
    return parsed.credentials && parsed.user ? (parsed as Session) : null;
  } catch {
    return null;
  }
}

function commit(next: Session | null): void {
  current = next;
  if (next === null) localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  listeners.forEach((listener) => listener());
}

export function getSession(): Session | null {
  return current;
}

export function setSession(credentials: Credentials, user: User): void {
  commit({ credentials, user });
}

/**
 * Refreshes the stored user after a profile or photo update (docs/spec.md §4). max_projects is taken
 * only when the updated user is the signed-in one (same email).
 */
export function updateSessionUser(user: User): void {
  if (current === null) return;
  const isSameUser = user.email === current.user.email;
  const maxProjects = isSameUser ? user.max_projects : current.user.max_projects;
  commit({ ...current, user: { ...user, max_projects: maxProjects } });
}

/** Wipes every stored session field (logout, forced logout on 401). */
export function clearSession(): void {
  commit(null);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the auth headers of a sign-in response; null when one is missing. */
export function credentialsFromHeaders(headers: Headers): Credentials | null {
  const values: Partial<AuthHeaders> = {
    'access-token': headers.get('access-token') ?? undefined,
    client: headers.get('client') ?? undefined,
    uid: headers.get('uid') ?? undefined,
    expiry: headers.get('expiry') ?? undefined,
  };
  const { 'access-token': token, client, uid, expiry } = values;
  if (!token || !client || !uid || !expiry) return null;
  return { token, client, uid, expiry };
}

export function authHeaders(credentials: Credentials): AuthHeaders {
  return {
    'access-token': credentials.token,
    client: credentials.client,
    uid: credentials.uid,
    expiry: credentials.expiry,
  };
}

// Another tab signing in or out changes the same storage entry.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    current = load();
    listeners.forEach((listener) => listener());
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function useCurrentUser(): User | null {
  return useSession()?.user ?? null;
}

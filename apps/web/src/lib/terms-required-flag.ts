import { useSyncExternalStore } from 'react';

/**
 * Whether the server refused a call with 403 TERMS_ACCEPTANCE_REQUIRED since the last acceptance:
 * any screen's request can raise it (api-client.ts), and the app then shows the accept-terms screen
 * in place of the page (features/terms). Lives in lib so the API client needs no feature.
 */
let isRequired = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (next === isRequired) return;
  isRequired = next;
  listeners.forEach((listener) => listener());
}

export const TERMS_ACCEPTANCE_REQUIRED = 'TERMS_ACCEPTANCE_REQUIRED';

export function markTermsRequired(): void {
  set(true);
}

export function clearTermsRequired(): void {
  set(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTermsRequiredFlag(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isRequired,
    () => isRequired,
  );
}

import { useSyncExternalStore } from 'react';

/** Requests in flight (docs/spec.md §4 Request activity): fetching is true while above zero. */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function requestStarted(): void {
  pending += 1;
  emit();
}

export function requestFinished(): void {
  pending = Math.max(0, pending - 1);
  emit();
}

export function pendingRequests(): number {
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePendingRequests(): number {
  return useSyncExternalStore(subscribe, pendingRequests, pendingRequests);
}

export function useIsRequestActive(): boolean {
  return usePendingRequests() > 0;
}

import { ONLINE_POLL_INTERVAL_MS, ONLINE_POLL_TIMEOUT_MS } from '@teamboard/contract';
import { useEffect, useState } from 'react';
import { API_BASE } from './api-client';

/** One health check; any failure, time-out or non-2xx answer counts as unreachable. */
export async function checkHealth(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ONLINE_POLL_TIMEOUT_MS);
  try {
    const response = await fetch(`${API_BASE}/health`, { signal: controller.signal, cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const checkRequests = new Set<() => void>();

/** Checks at once instead of at the next poll (the socket just dropped: the server may be gone). */
export function checkServerNow(): void {
  checkRequests.forEach((check) => check());
}

/**
 * Polls GET /api/health every 5000 ms, and at once on checkServerNow(). It goes around the API
 * client on purpose: the poll must not move the request-activity bar nor raise toasts.
 */
export function useIsServerReachable(): boolean {
  const [isReachable, setIsReachable] = useState(true);
  useEffect(() => {
    let isMounted = true;
    async function poll() {
      const ok = await checkHealth();
      if (isMounted) setIsReachable(ok);
    }
    void poll();
    const interval = setInterval(() => void poll(), ONLINE_POLL_INTERVAL_MS);
    const checkNow = () => void poll();
    checkRequests.add(checkNow);
    return () => {
      isMounted = false;
      clearInterval(interval);
      checkRequests.delete(checkNow);
    };
  }, []);
  return isReachable;
}

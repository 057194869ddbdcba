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

/**
 * Polls GET /api/health every 5000 ms. It goes around the API client on purpose: the poll must
 * not move the request-activity bar nor raise toasts.
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
    return () => {
      isMounted = false;
      clearInterval(interval);
    };
  }, []);
  return isReachable;
}

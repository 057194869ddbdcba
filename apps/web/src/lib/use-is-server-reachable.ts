import { ONLINE_POLL_INTERVAL_MS, ONLINE_POLL_TIMEOUT_MS } from '@teamboard/contract';
import { useEffect, useState } from 'react';
import { API_BASE } from './api-client';

/**
 * One health check. `down`: the request failed (no network, connection refused) or the server
 * answered with an error; `slow`: no answer within ONLINE_POLL_TIMEOUT_MS.
 */
export type HealthCheck = 'up' | 'down' | 'slow';

export async function checkHealth(): Promise<HealthCheck> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ONLINE_POLL_TIMEOUT_MS);
  try {
    const response = await fetch(`${API_BASE}/health`, { signal: controller.signal, cache: 'no-store' });
    return response.ok ? 'up' : 'down';
  } catch {
    return controller.signal.aborted ? 'slow' : 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A server busy computing a large report can leave one health check unanswered for 5 s while the
 * connection is fine: the overlay (which makes the whole page inert) waits for a second slow check
 * in a row. A refused connection or an error answer shows it at once.
 */
export const SLOW_CHECKS_BEFORE_OFFLINE = 2;

const checkRequests = new Set<() => void>();

/** Checks at once instead of at the next poll (the socket just dropped: the server may be gone). */
export function checkServerNow(): void {
  checkRequests.forEach((check) => check());
}

/**
 * Polls GET /api/health every 5000 ms, and at once on checkServerNow(); see SLOW_CHECKS_BEFORE_OFFLINE. It goes around the API
 * client on purpose: the poll must not move the request-activity bar nor raise toasts.
 */
export function useIsServerReachable(): boolean {
  const [isReachable, setIsReachable] = useState(true);
  useEffect(() => {
    let isMounted = true;
    let slowInARow = 0;
    async function poll() {
      const check = await checkHealth();
      slowInARow = check === 'slow' ? slowInARow + 1 : 0;
      if (!isMounted) return;
      if (check === 'up') setIsReachable(true);
      else if (check === 'down' || slowInARow >= SLOW_CHECKS_BEFORE_OFFLINE) setIsReachable(false);
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

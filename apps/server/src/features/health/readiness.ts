import type { ReadinessChecks } from '@teamboard/contract';

/** Resolves when the dependency answers; rejects with the reason otherwise. */
export type DependencyCheck = () => Promise<void>;

export interface ReadinessProbes {
  database: DependencyCheck;
  /** Null without REDIS_URL: reported 'not_configured', never a failure. */
  redis: DependencyCheck | null;
  storage: DependencyCheck;
}

/** A dependency that has not answered by then counts as failed (a probe must not hang). */
export const READINESS_TIMEOUT_MS = 2000;

/** Every dependency at once, each one's state, the reason of each failure given to `onFailure`. */
export async function checkReadiness(
  probes: ReadinessProbes,
  onFailure: (dependency: keyof ReadinessChecks, error: unknown) => void,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<ReadinessChecks> {
  const run = async (dependency: keyof ReadinessChecks, check: DependencyCheck | null) => {
    if (!check) return 'not_configured' as const;
    try {
      await withTimeout(check(), timeoutMs);
      return 'ok' as const;
    } catch (error) {
      onFailure(dependency, error);
      return 'failed' as const;
    }
  };
  const [database, redis, storage] = await Promise.all([
    run('database', probes.database),
    run('redis', probes.redis),
    run('storage', probes.storage),
  ]);
  return { database, redis, storage };
}

export function isReady(checks: ReadinessChecks): boolean {
  return Object.values(checks).every((state) => state !== 'failed');
}

async function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { ThrottleUnavailableError, type Limit, type Throttle } from './throttle.js';

/** How long a start waits for Redis before refusing to run without the shared counters it was told to use. */
const CONNECT_TIMEOUT_MS = 5000;
/** A hung Redis answers a limit check 503 after this, rather than holding the request. */
const COMMAND_TIMEOUT_MS = 2000;

/**
 * The counters of lib/throttle.ts in Redis, through rate-limiter-flexible's RateLimiterRedis: each
 * count is one key `<prefix>:<key>` that one Lua script increments and gives its expiry to (the
 * window, in whole seconds, set only when the key is new), so instances never lose or double an
 * event. Windows run on Redis's TTLs, not on the app's clock. Every Redis failure is a
 * ThrottleUnavailableError.
 */
export class RedisThrottle implements Throttle {
  constructor(private readonly limiter: RateLimiterRedis) {}

  async hit(key: string, limit: number, windowMs: number): Promise<boolean> {
    return (await this.add(key, windowMs)) <= limit;
  }

  add(key: string, windowMs: number): Promise<number> {
    const options = { customDuration: windowSeconds(windowMs) };
    return shared(this.limiter.penalty(key, 1, options).then((res) => res.consumedPoints));
  }

  count(key: string): Promise<number> {
    return shared(this.limiter.get(key).then((res) => res?.consumedPoints ?? 0));
  }

  async isExhausted(key: string, limit: number): Promise<boolean> {
    return (await this.count(key)) >= limit;
  }

  async reset(key: string): Promise<void> {
    await shared(this.limiter.delete(key));
  }

  /**
   * A decrement. Should the window have ended meanwhile, the key is made anew at -1 with a 1 s
   * expiry, so the stray take-back cannot last into a window of real events for long.
   */
  async takeBack(key: string): Promise<void> {
    await shared(this.limiter.reward(key, 1, { customDuration: 1 }));
  }

  /**
   * Counts the event against every limit at once, then takes it back from all of them when any one
   * went over. Each increment is atomic, so an admitted event always found its place within every
   * limit: two instances racing for the last place never both get it (at worst both are refused
   * while the other's take-back is under way).
   */
  async hitAll(limits: Limit[]): Promise<boolean> {
    const counts = await Promise.all(limits.map(({ key, windowMs }) => this.add(key, windowMs)));
    if (limits.every(({ limit }, index) => counts[index]! <= limit)) return true;
    await Promise.all(limits.map(({ key }) => this.takeBack(key)));
    return false;
  }
}

export interface SharedThrottle {
  throttle: RedisThrottle;
  close(): Promise<void>;
}

/**
 * Connects the shared counters (REDIS_URL). Keys are `<REDIS_CHANNEL_PREFIX>:limits:<key>`, so two
 * deployments or test runs can share one Redis. Commands are not queued while Redis is away: a
 * limit check then fails at once (ThrottleUnavailableError) instead of waiting for a reconnect.
 */
export async function connectRedisThrottle(
  url: string,
  prefix: string,
  log?: FastifyBaseLogger,
): Promise<SharedThrottle> {
  // Loaded only when REDIS_URL is set, like the Socket.IO adapter.
  const [{ Redis: RedisClient }, { RateLimiterRedis: Limiter }] = await Promise.all([
    import('ioredis'),
    import('rate-limiter-flexible'),
  ]);
  const client: Redis = new RedisClient(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  client.on('error', (error: Error) => log?.warn({ err: error }, 'shared limits: Redis error'));
  await client.connect();
  const limiter = new Limiter({
    storeClient: client,
    keyPrefix: `${prefix}:limits`,
    points: 1,
    duration: 60,
  });
  return {
    throttle: new RedisThrottle(limiter),
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** Redis expiries are whole seconds here (the library's unit); no window here is shorter than a minute. */
function windowSeconds(windowMs: number): number {
  return Math.max(1, Math.ceil(windowMs / 1000));
}

function shared<T>(operation: Promise<T>): Promise<T> {
  return operation.catch((error: unknown) => {
    throw new ThrottleUnavailableError(error);
  });
}

import type { Server } from 'socket.io';

/** How long a start waits for Redis before refusing to run without the shared rooms it was told to use. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Shares rooms across instances through Redis pub/sub (REDIS_URL). Broadcasts, fetchSockets and
 * socketsLeave then reach sockets connected to any instance; nothing else in the code changes.
 */
export async function connectRedisAdapter(
  io: Server,
  url: string,
  channelPrefix: string,
  /** Each connection error (Redis gone: every reconnect attempt), instead of ioredis's console lines. */
  onError: (error: Error) => void = () => undefined,
): Promise<{ close(): Promise<void>; ping(): Promise<void> }> {
  // Loaded only when REDIS_URL is set: a single instance does not pay their memory at idle.
  const [{ Redis }, { createAdapter }] = await Promise.all([
    import('ioredis'),
    import('@socket.io/redis-adapter'),
  ]);
  const options = { connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 3, lazyConnect: true };
  const pub = new Redis(url, options);
  const sub = pub.duplicate();
  pub.on('error', onError);
  sub.on('error', onError);
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (error) {
    // The start fails; without this both clients would go on reconnecting in the background forever.
    pub.disconnect();
    sub.disconnect();
    throw error;
  }
  io.adapter(createAdapter(pub, sub, { key: channelPrefix }));
  return {
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
    /** The readiness probe: the publishing connection answers (it fails after its few retries). */
    async ping() {
      await pub.ping();
    },
  };
}

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
): Promise<{ close(): Promise<void> }> {
  // Loaded only when REDIS_URL is set: a single instance does not pay their memory at idle.
  const [{ Redis }, { createAdapter }] = await Promise.all([
    import('ioredis'),
    import('@socket.io/redis-adapter'),
  ]);
  const options = { connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 3, lazyConnect: true };
  const pub = new Redis(url, options);
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub, { key: channelPrefix }));
  return {
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const CONNECT_TIMEOUT_MS = 3000;

/** Why PostgreSQL or Redis cannot be used, or null when both answer. */
export async function unreachableServices(postgresUrl: string, redisUrl: string): Promise<string | null> {
  return (await postgresProblem(postgresUrl)) ?? (await redisProblem(redisUrl));
}

async function postgresProblem(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return `PostgreSQL at ${url}: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

async function redisProblem(url: string): Promise<string | null> {
  // No retries: a missing Redis should be a quick note, not a reconnect loop in the background.
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The 'error' event says why (ECONNREFUSED…); the rejection only says the connection closed.
  let cause: Error | null = null;
  redis.on('error', (error: Error) => (cause ??= error));
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return `Redis at ${url}: ${(cause ?? (error as Error)).message}`;
  } finally {
    redis.disconnect();
  }
}

async function adminQuery(postgresUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database for one run, on the server that `postgresUrl` names. */
export async function createScratchDatabase(postgresUrl: string): Promise<ScratchDatabase> {
  const name = `teamboard_bench_${randomBytes(5).toString('hex')}`;
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  await adminQuery(postgresUrl, `create database ${name}`);
  return {
    name,
    url: url.toString(),
    // with (force): a server that did not shut down cleanly may still hold connections.
    drop: () => adminQuery(postgresUrl, `drop database if exists ${name} with (force)`),
  };
}

import { IDEMPOTENCY_KEY_HEADER } from '@teamboard/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency_keys row this create claimed, answered once it has run. */
    idempotencyKeyId: number | null;
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** How long an answer is kept for a retry. */
const KEEP_MS = 24 * 60 * 60_000;
/** A first request still running after this is taken as lost (its process died); a retry runs anew. */
const ABANDONED_MS = 60_000;
/** How long a retry waits for the first request to finish before answering 409. */
const WAIT_MS = 10_000;
const POLL_MS = 50;

function requestHash(request: FastifyRequest): string {
  const route = `${request.method} ${request.routeOptions.url} ${JSON.stringify(request.params)}`;
  return createHash('sha256')
    .update(route)
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creates sent with an `Idempotency-Key` header run once per user and key: a retry of the same
 * submission (its first answer lost to a time-out) gets the first answer again, replayed, and
 * creates nothing new. Only 2xx answers are kept; a refused or failed create can be retried. The
 * key is claimed by a unique row before the handler runs, so two retries racing each other run it
 * once, on both databases.
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  const { db, clock } = deps;
  app.decorateRequest('idempotencyKeyId', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (request.method !== 'POST' || key === undefined || !request.user) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw new AppError('VALIDATION_FAILED', 400);
    const claim = { user_id: request.user.id, key, request_hash: requestHash(request) };
    for (let waited = 0; ; waited += POLL_MS) {
      const now = clock.now();
      const claimed = await db
        .insertInto('idempotency_keys')
        .values({ ...claim, status: null, body: null, created_at: now.toISOString() })
        .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (claimed) {
        request.idempotencyKeyId = claimed.id;
        return;
      }
      const first = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('user_id', '=', claim.user_id)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!first) continue;
      if (first.request_hash !== claim.request_hash) throw new AppError('CONFLICT');
      if (first.status !== null) return replay(reply, first.status, first.body);
      const age = now.getTime() - Date.parse(first.created_at);
      if (age > ABANDONED_MS) await db.deleteFrom('idempotency_keys').where('id', '=', first.id).execute();
      else if (waited >= WAIT_MS) throw new AppError('CONFLICT');
      else await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyKeyId;
    if (id === null) return payload;
    request.idempotencyKeyId = null;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      await db
        .updateTable('idempotency_keys')
        .set({ status: reply.statusCode, body: payload })
        .where('id', '=', id)
        .execute();
    } else {
      await db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
    }
    await forgetOldKeys(db, clock);
    return payload;
  });
}

async function replay(reply: FastifyReply, status: number, body: string | null): Promise<FastifyReply> {
  reply.header('idempotent-replayed', 'true');
  if (body === null) return reply.code(status).send();
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

let lastSweep = 0;

/** At most once a minute per process: answers older than a day go. */
async function forgetOldKeys(db: Db, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  if (now - lastSweep < 60_000) return;
  lastSweep = now;
  await deleteOldIdempotencyKeys(db, new Date(now));
}

/** Answers older than a day (no replay will ask for them): the sweep above and the hourly cleanup. */
export async function deleteOldIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - KEEP_MS).toISOString();
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

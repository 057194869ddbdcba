import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../job-queue/job-queue.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/sealed-secrets.js';
import { idParams } from '../../lib/routes.js';
import * as repo from './repositories.repository.js';
import { SYNC_JOB } from './repositories.service.js';
import { deliveryId, verifyGithubSignature, verifyGitlabToken } from './webhook-signatures.js';

/** GitHub sends up to 25 MB; we need the body only to check its signature, so a push this big is refused. */
export const WEBHOOK_BODY_LIMIT = 2 * 1024 * 1024;

export interface WebhookDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  secrets: SecretBox;
}

/** Which proof of the secret the delivery carries, checked on the raw body in constant time. */
function isSigned(
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
  secret: string,
): boolean {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  if (header('x-hub-signature-256') !== undefined)
    return verifyGithubSignature(body, header('x-hub-signature-256'), secret);
  if (header('x-gitlab-token') !== undefined) return verifyGitlabToken(header('x-gitlab-token'), secret);
  return verifyGitlabToken(header('x-teamboard-token'), secret);
}

/**
 * POST /api/code_hosting/webhooks/:id — a push or pull/merge-request event from GitHub (signed
 * with X-Hub-Signature-256), GitLab (X-Gitlab-Token) or a git post-receive hook (X-Teamboard-Token).
 * The body is read raw (any content type, size-capped) because the signature covers its exact bytes;
 * it is not parsed: the delivery only queues a sync, which reads the host's API as any sync does. A
 * delivery id seen before is answered 200 and does nothing; GitHub's `ping` queues nothing.
 */
export const webhookRoutes: FastifyPluginAsync<WebhookDeps> = async (app, deps) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/code_hosting/webhooks/:id',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['code hosting'],
        summary: 'Webhook: a push or pull-request event queues a sync',
        params: idParams,
        response: {
          200: z.object({ data: z.object({ queued: z.boolean() }) }),
          202: z.object({ data: z.object({ queued: z.boolean() }) }),
        },
      },
      config: { permission: 'signed_link' },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const row = await repo.findRepository(deps.db, id);
      if (!row || row.unlinked_at) throw new AppError('NOT_FOUND');
      if (!isSigned(request.headers, body, deps.secrets.open(row.webhook_secret_sealed))) {
        throw new AppError('SIGNATURE_NOT_VALID');
      }
      const delivery = deliveryId(request.headers);
      const now = deps.clock.now().toISOString();
      if (delivery && !(await repo.recordDelivery(deps.db, row.id, delivery, now))) {
        return reply.code(200).send({ data: { queued: false } });
      }
      if (request.headers['x-github-event'] === 'ping' || row.sync_state === 'authorizing') {
        return reply.code(200).send({ data: { queued: false } });
      }
      if (row.sync_state !== 'running') await repo.setSyncState(deps.db, row.id, { sync_state: 'queued' });
      await deps.jobs.enqueue(SYNC_JOB, String(row.id));
      return reply.code(202).send({ data: { queued: true } });
    },
  );
};

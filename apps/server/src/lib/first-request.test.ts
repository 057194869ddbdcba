import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startOnFirstRequest } from './first-request.js';

/** An app with the engines route under `startOnFirstRequest` and a health route beside it. */
async function appStarting(start: () => Promise<unknown>, failures: unknown[]): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(async (scope) => {
    startOnFirstRequest(scope, start, (error) => failures.push(error));
    scope.get('/api/assistant/engines', async () => ({ data: [] }));
  });
  app.get('/api/health', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('startOnFirstRequest', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('starts at the first request to its routes, once, and not at start nor for other routes', async () => {
    let starts = 0;
    const failures: unknown[] = [];
    app = await appStarting(async () => (starts += 1), failures);
    expect(starts).toBe(0);

    await app.inject({ method: 'GET', url: '/api/health' });
    expect(starts).toBe(0);
    const [first, second] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/assistant/engines' }),
      app.inject({ method: 'GET', url: '/api/assistant/engines' }),
    ]);
    await app.inject({ method: 'GET', url: '/api/assistant/engines' });
    expect(first.json()).toEqual({ data: [] });
    expect(second.statusCode).toBe(200);
    expect(starts).toBe(1);
    expect(failures).toEqual([]);
  });

  it.each([
    [
      'throws',
      () => {
        throw new Error('index failed');
      },
    ],
    ['rejects', () => Promise.reject(new Error('index failed'))],
  ])('answers the request and reports a start that %s, without starting again', async (_, start) => {
    const failures: unknown[] = [];
    app = await appStarting(start, failures);

    const first = await app.inject({ method: 'GET', url: '/api/assistant/engines' });
    await app.inject({ method: 'GET', url: '/api/assistant/engines' });
    expect(first.statusCode).toBe(200);
    expect(failures).toEqual([new Error('index failed')]);
  });
});

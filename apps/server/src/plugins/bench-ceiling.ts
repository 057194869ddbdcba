import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const CEILING_URL = '/api/bench/ceiling';
const FORWARDED_HEADERS = ['access-token', 'client', 'uid'] as const;

/**
 * The benchmark's ceiling (issue 6): the same board JSON bytes a real GET /api/boards/:id answered,
 * served from memory through the same Fastify stack (hooks, headers, error handling) with no
 * database work and no access check. The first call for a board fetches it once, with the caller's
 * token headers, through the real route. Registered only when BENCH_CEILING=1; never in a deployment.
 */
export function registerBenchCeiling(app: FastifyInstance): void {
  const cached = new Map<number, Buffer>();
  app.get(
    CEILING_URL,
    {
      schema: { hide: true, querystring: z.object({ board: z.coerce.number().int().positive() }) },
      // No check of its own: the first call goes through GET /api/boards/:id with the caller's headers.
      config: { permission: 'public' },
    },
    async (request, reply) => {
      const { board } = request.query as { board: number };
      let body = cached.get(board);
      if (!body) {
        const headers = Object.fromEntries(
          FORWARDED_HEADERS.map((name) => [name, String(request.headers[name] ?? '')]),
        );
        const answer = await app.inject({ method: 'GET', url: `/api/boards/${board}`, headers });
        if (answer.statusCode !== 200) return reply.code(answer.statusCode).send(answer.body);
        body = answer.rawPayload;
        cached.set(board, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}

import type { FastifyInstance } from 'fastify';

/**
 * Starts `start` at the first request to the routes of `scope` (an encapsulated plugin), once, and
 * never before: what only those requests need (an index, a warm code path) is prepared in the
 * background when someone first comes for it, so an idle server does not hold it. The request goes
 * on at once; a failure, thrown or rejected, goes to `onFailure` (the log), never to the request.
 * Whoever needs the work done later does it then (a search catches its index up): a failed start
 * costs the first user some time, not a feature.
 */
export function startOnFirstRequest(
  scope: FastifyInstance,
  start: () => Promise<unknown>,
  onFailure: (error: unknown) => void,
): void {
  let isStarted = false;
  scope.addHook('onRequest', (_request, _reply, done) => {
    if (!isStarted) {
      isStarted = true;
      Promise.resolve().then(start).catch(onFailure);
    }
    done();
  });
}

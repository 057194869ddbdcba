/**
 * Runs `work` while asking `url` (a route that does nothing, /api/health/live) one request after
 * another, and returns the slowest answer: a request that arrives while the server's event loop is
 * blocked waits for the block to end, so the slowest answer is the longest block, plus one request.
 */
export async function slowestAnswerDuring<T>(
  url: string,
  work: () => Promise<T>,
): Promise<{ result: T; slowestMs: number }> {
  // One answer first, so the connection's setup is not taken for a block.
  await (await fetch(url)).arrayBuffer();
  let isDone = false;
  const running = work().finally(() => {
    isDone = true;
  });
  let slowestMs = 0;
  while (!isDone) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    slowestMs = Math.max(slowestMs, performance.now() - started);
  }
  return { result: await running, slowestMs };
}

import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/**
 * Runs `work` on each item, yielding to the event loop whenever a step has taken `stepMs`, so a long
 * preparation (an index build, a vocabulary analyzed) never keeps requests waiting longer than that.
 */
export async function inSteps<T>(items: Iterable<T>, work: (item: T) => void, stepMs: number): Promise<void> {
  let stepStarted = performance.now();
  for (const item of items) {
    work(item);
    if (performance.now() - stepStarted >= stepMs) {
      await yieldToEventLoop();
      stepStarted = performance.now();
    }
  }
}

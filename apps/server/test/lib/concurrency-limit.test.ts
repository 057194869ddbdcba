import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from '../../src/lib/concurrency-limit.js';

/** A task that stays running until the test lets it finish. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('createConcurrencyLimit', () => {
  it('never runs more than max tasks at once, and runs them all in arrival order', async () => {
    const limit = createConcurrencyLimit(2);
    const gates = Array.from({ length: 7 }, gate);
    const started: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const results = gates.map((g, index) =>
      limit(async () => {
        started.push(index);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await g.promise;
        running -= 1;
        return index;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    for (const [index, g] of gates.entries()) {
      g.open();
      await settle();
      expect(running).toBe(Math.min(2, gates.length - index - 1));
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(mostAtOnce).toBe(2);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = createConcurrencyLimit(1);
    const failed = limit(() => Promise.reject(new Error('bad file')));
    const next = limit(() => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('bad file');
    expect(await next).toBe('next');
  });

  it('refuses a limit below one', () => {
    expect(() => createConcurrencyLimit(0)).toThrow(RangeError);
  });
});

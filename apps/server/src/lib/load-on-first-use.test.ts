import { describe, expect, it } from 'vitest';
import { loadOnFirstUse } from './load-on-first-use.js';

describe('loadOnFirstUse', () => {
  it('loads nothing until asked, then once for callers arriving together and after', async () => {
    let loads = 0;
    const load = loadOnFirstUse(async () => ({ loaded: (loads += 1) }));
    expect(loads).toBe(0);

    const [first, second] = await Promise.all([load(), load()]);
    const later = await load();
    expect(loads).toBe(1);
    expect(second).toBe(first);
    expect(later).toBe(first);
  });

  it('gives a failed load to its callers and tries again at the next call', async () => {
    let attempts = 0;
    const load = loadOnFirstUse(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('module missing');
      return 'loaded';
    });

    await expect(Promise.all([load(), load()])).rejects.toThrow('module missing');
    expect(attempts).toBe(1);
    await expect(load()).resolves.toBe('loaded');
    expect(attempts).toBe(2);
  });
});

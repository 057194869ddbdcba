import { describe, expect, it } from 'vitest';
import { BoardDetailCache } from './board-detail-cache.js';

describe('BoardDetailCache', () => {
  it('answers only for the version it holds', () => {
    const cache = new BoardDetailCache();
    cache.set(1, 7, '{"v":7}');
    expect(cache.get(1, 7)).toBe('{"v":7}');
    expect(cache.get(1, 8)).toBeNull();
    cache.set(1, 8, '{"v":8}');
    expect(cache.get(1, 7)).toBeNull();
    expect(cache.get(2, 7)).toBeNull();
  });

  it('stays within its byte budget, dropping the oldest boards first', () => {
    const cache = new BoardDetailCache(10);
    cache.set(1, 1, 'aaaa');
    cache.set(2, 1, 'bbbb');
    cache.set(3, 1, 'cccc');
    expect(cache.get(1, 1)).toBeNull();
    expect(cache.get(2, 1)).toBe('bbbb');
    expect(cache.get(3, 1)).toBe('cccc');
    cache.set(4, 1, 'x'.repeat(11));
    expect(cache.get(4, 1)).toBeNull();
  });
});

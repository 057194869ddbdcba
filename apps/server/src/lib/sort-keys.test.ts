import { describe, expect, it } from 'vitest';
import { between, isCrowded } from './sort-keys.js';

describe('sort keys', () => {
  it('finds a key strictly between neighbours until the gap is exhausted, then says so', () => {
    let high = 2;
    let steps = 0;
    for (let key = between(1, high); key !== null; key = between(1, high)) {
      expect(key).toBeGreaterThan(1);
      expect(key).toBeLessThan(high);
      high = key;
      steps += 1;
    }
    expect(steps).toBeGreaterThan(20);
    expect(isCrowded([1, high])).toBe(true);
  });

  it('has no room after a key so large that adding one changes nothing', () => {
    expect(between(1.79e308, null)).toBeNull();
    expect(isCrowded([1, 1.79e308])).toBe(true);
    expect(isCrowded([1, 2, 3])).toBe(false);
  });
});

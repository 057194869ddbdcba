import { describe, expect, it } from 'vitest';
import { bucketOf, bucketsBetween } from './day-buckets.js';

describe('day buckets', () => {
  it('names a day’s bucket by the day, its week’s Monday, its month or its year', () => {
    expect(bucketOf('2026-11-26', 'day')).toBe('2026-11-26');
    expect(bucketOf('2026-11-26', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-26', 'month')).toBe('2026-11');
    expect(bucketOf('2026-11-26', 'year')).toBe('2026');
  });

  it('lists every bucket of a range once, in order, empty ones included', () => {
    expect(bucketsBetween('2026-11-26', '2026-12-08', 'week')).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
    ]);
    expect(bucketsBetween('2026-11-30', '2027-01-01', 'month')).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(bucketsBetween('2026-11-26', '2026-11-27', 'day')).toEqual(['2026-11-26', '2026-11-27']);
  });

  it('ends a range on the last day JavaScript writes with four digits (a text comparison never did)', () => {
    expect(bucketsBetween('9999-12-25', '9999-12-31', 'week')).toEqual(['9999-12-20', '9999-12-27']);
  });
});

import { describe, expect, it } from 'vitest';
import { truncate } from './truncate';

describe('truncate', () => {
  it('keeps text that fits', () => {
    expect(truncate('Ana', 100)).toBe('Ana');
    expect(truncate('a'.repeat(100), 100)).toBe('a'.repeat(100));
  });

  it('replaces the tail with three dots, staying within the limit', () => {
    const result = truncate('a'.repeat(150), 100);
    expect(result).toHaveLength(100);
    expect(result.endsWith('...')).toBe(true);
    expect(truncate('Hello world', 8)).toBe('Hello...');
  });

  it('handles limits shorter than the dots', () => {
    expect(truncate('Hello', 2)).toBe('..');
  });
});

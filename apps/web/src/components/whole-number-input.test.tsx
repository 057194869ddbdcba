import { describe, expect, it } from 'vitest';
import { readWholeNumber } from './whole-number-input';

describe('readWholeNumber', () => {
  it('reads what was typed, the minus sign included', () => {
    expect(readWholeNumber('-3')).toBe(-3);
    expect(readWholeNumber(' 12 ')).toBe(12);
    expect(readWholeNumber('')).toBe('');
  });

  it('reads anything else as not a number, never as a nearby one', () => {
    for (const text of ['3a', '2.5', '2,5', '--3', '+']) expect(readWholeNumber(text)).toBeNaN();
  });
});

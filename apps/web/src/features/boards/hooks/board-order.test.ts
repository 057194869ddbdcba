import { describe, expect, it } from 'vitest';
import { moveInList, neighbours, positionBetween } from './board-order';

describe('move neighbours', () => {
  it('names the cards above and below the new place', () => {
    // Task 4 dropped between 2 and 3.
    const list = moveInList([1, 2, 3, 4], 4, 2);
    expect(list).toEqual([1, 2, 4, 3]);
    expect(neighbours(list, 4)).toEqual({ after_id: 2, before_id: 3 });
  });

  it('uses null at the top and at the bottom of a column', () => {
    expect(neighbours(moveInList([1, 2, 3], 3, 0), 3)).toEqual({ after_id: null, before_id: 1 });
    expect(neighbours(moveInList([1, 2, 3], 1, 5), 1)).toEqual({ after_id: 3, before_id: null });
    expect(neighbours([9], 9)).toEqual({ after_id: null, before_id: null });
  });

  it('moves down and up like an array move', () => {
    expect(moveInList([0, 1, 2, 3], 0, 2)).toEqual([1, 2, 0, 3]);
    expect(moveInList([0, 1, 2, 3], 3, 1)).toEqual([0, 3, 1, 2]);
  });

  it('puts a position between the neighbours without renumbering', () => {
    expect(positionBetween(1, 2)).toBe(1.5);
    expect(positionBetween(undefined, 2)).toBe(1);
    expect(positionBetween(5, undefined)).toBe(6);
    expect(positionBetween(undefined, undefined)).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { orderAfterMove, orderBetween, sortByOrder } from './use-move-project';

describe('project placement order', () => {
  it('takes the midpoint between two neighbours, or steps past an end', () => {
    expect(orderBetween(1, 2)).toBe(1.5);
    expect(orderBetween(undefined, 2)).toBe(1);
    expect(orderBetween(4, undefined)).toBe(5);
    expect(orderBetween(undefined, undefined)).toBe(0);
  });

  it('computes the new order for a move up or down', () => {
    const list = [{ order: 1 }, { order: 2 }, { order: 4 }, { order: 8 }];
    expect(orderAfterMove(list, 2, 'up')).toBe(1.5);
    expect(orderAfterMove(list, 1, 'up')).toBe(0);
    expect(orderAfterMove(list, 0, 'up')).toBeNull();
    expect(orderAfterMove(list, 1, 'down')).toBe(6);
    expect(orderAfterMove(list, 2, 'down')).toBe(9);
    expect(orderAfterMove(list, 3, 'down')).toBeNull();
  });

  it('sorts by order, then id', () => {
    const sorted = sortByOrder([
      { id: 3, order: 1 },
      { id: 1, order: 2 },
      { id: 2, order: 1 },
    ]);
    expect(sorted.map((item) => item.id)).toEqual([2, 3, 1]);
  });
});

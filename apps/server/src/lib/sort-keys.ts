/**
 * Fractional sort keys (positions): an item goes between two neighbours at their midpoint, so a move
 * writes one row. Doubles run out of room after ~50 halvings of one gap; below MIN_GAP a midpoint
 * could equal a neighbour, so a crowded list is renumbered 1, 2, 3… in its current order.
 */
export const MIN_GAP = 1e-9;

/** The key between `low` and `high` (null: the list's start or end), or null when there is no room. */
export function between(low: number | null, high: number | null): number | null {
  if (low === null && high === null) return 1;
  if (low === null) return fitsAfter(high! - 1, high!) ? high! - 1 : null;
  if (high === null) return fitsAfter(low, low + 1) ? low + 1 : null;
  const middle = (low + high) / 2;
  return high - low > MIN_GAP && middle > low && middle < high ? middle : null;
}

function fitsAfter(low: number, high: number): boolean {
  return high - low > MIN_GAP;
}

/** Whether some neighbours (or the ends) of these keys, in order, leave no room for one more. */
export function isCrowded(sortedKeys: readonly number[]): boolean {
  if (sortedKeys.length === 0) return false;
  if (between(null, sortedKeys[0]!) === null || between(sortedKeys.at(-1)!, null) === null) return true;
  return sortedKeys.some((key, index) => index > 0 && between(sortedKeys[index - 1]!, key) === null);
}

import { sql, type RawBuilder } from 'kysely';

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

/**
 * between in SQL, for a statement that places as it writes (PostgreSQL's one-step move): the same
 * cases in the same order, beside between so that the two change together. Null: no room.
 */
export function betweenSql(low: RawBuilder<unknown>, high: RawBuilder<unknown>): RawBuilder<number | null> {
  const fits = (below: RawBuilder<unknown>, above: RawBuilder<unknown>) =>
    sql`(${above}) - (${below}) > cast(${MIN_GAP} as double precision)`;
  const middle = sql`(${low} + ${high}) / 2`;
  return sql<number | null>`case
    when ${low} is null and ${high} is null then 1
    when ${low} is null then case when ${fits(sql`${high} - 1`, high)} then ${high} - 1 end
    when ${high} is null then case when ${fits(low, sql`${low} + 1`)} then ${low} + 1 end
    when ${fits(low, high)} and ${middle} > ${low} and ${middle} < ${high} then ${middle}
  end`;
}

/** Whether some neighbours (or the ends) of these keys, in order, leave no room for one more. */
export function isCrowded(sortedKeys: readonly number[]): boolean {
  if (sortedKeys.length === 0) return false;
  if (between(null, sortedKeys[0]!) === null || between(sortedKeys.at(-1)!, null) === null) return true;
  return sortedKeys.some((key, index) => index > 0 && between(sortedKeys[index - 1]!, key) === null);
}

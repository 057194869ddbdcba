import { sql, type RawBuilder } from 'kysely';

/** A number to two decimals, as hours, averages and rates are shown and sent. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * round2 in SQL, for a statement that rounds as it writes (PostgreSQL's pipelined hour report):
 * Math.round rounds halves up, as floor(x + 0.5) does. Beside round2 so that the two change together.
 */
export function round2Sql(value: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`floor(${value} * 100 + 0.5) / 100`;
}

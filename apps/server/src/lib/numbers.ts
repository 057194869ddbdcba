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

/**
 * String(value) in PostgreSQL, for a statement that writes a number as text the way JS does (the
 * pipelined update's log of a double). Both print the shortest digits that read back as the number;
 * they differ only in when they switch to an exponent: PostgreSQL below 1e-4 and from 1e15, with a
 * zero-padded exponent ('1e-05'), JS below 1e-6 and from 1e21 ('1e-7'). This moves the point back.
 */
export function numberTextSql(value: RawBuilder<unknown>): RawBuilder<string> {
  const text = sql<string>`cast(${value} as text)`;
  const sign = sql`case when ${value} < 0 then '-' else '' end`;
  const digits = sql`replace(replace(split_part(${text}, 'e', 1), '-', ''), '.', '')`;
  // Where JS puts the point: after `point` digits (JS's n in Number::toString).
  const point = sql`(cast(split_part(${text}, 'e', 2) as integer) + 1)`;
  return sql<string>`case
    when position('e' in ${text}) = 0 then ${text}
    when ${point} between -5 and 0 then ${sign} || '0.' || repeat('0', -${point}) || ${digits}
    when ${point} between 1 and 21 and length(${digits}) <= ${point} then ${sign} || rpad(${digits}, ${point}, '0')
    when ${point} between 1 and 21 then ${sign} || left(${digits}, ${point}) || '.' || substr(${digits}, ${point} + 1)
    else regexp_replace(${text}, 'e([+-])0*', 'e\\1')
  end`;
}

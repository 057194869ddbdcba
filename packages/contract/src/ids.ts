import { z } from 'zod';

/**
 * The largest id a row can have: ids are 32-bit `integer` columns on PostgreSQL, which refuses a
 * larger value in a query with an error (issue 7). Every id in a path or a body stays below it.
 */
export const ID_MAX = 2_147_483_647;

/** An id sent in a request body; beyond ID_MAX it cannot name a row. */
export const IdSchema = z.number().int().positive().max(ID_MAX);

/**
 * A client-chosen sort key (a column's, a board's, a checklist item's position, a project's order).
 * Bounded so that a midpoint, and the next key after the last, can always be told apart from their
 * neighbours (a key of 1.79e308 would swallow `+ 1`); the server rebalances a crowded list.
 */
export const SORT_KEY_LIMIT = 1e12;
export const SortKeySchema = z
  .number('POSITION_NOT_VALID')
  .finite('POSITION_NOT_VALID')
  .min(-SORT_KEY_LIMIT, 'POSITION_NOT_VALID')
  .max(SORT_KEY_LIMIT, 'POSITION_NOT_VALID');

import { z } from 'zod';

/**
 * The largest id a row can have: ids are 32-bit `integer` columns on PostgreSQL, which refuses a
 * larger value in a query with an error (issue 7). Every id in a path or a body stays below it.
 */
export const ID_MAX = 2_147_483_647;

/** An id sent in a request body; beyond ID_MAX it cannot name a row. */
export const IdSchema = z.number().int().positive().max(ID_MAX);

/** Rows per INSERT (and values per IN list): far below either database's limit of bound values. */
export const ROWS_PER_STATEMENT = 400;

/** `items` in runs of `size`, for writes of hundreds of rows (a roster, a course's invitations). */
export function chunks<T>(items: T[], size = ROWS_PER_STATEMENT): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

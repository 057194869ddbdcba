import type { Column, TaskSummary } from '@teamboard/contract';

/** Items with a fractional sort key, in display order. */
export function byPosition<T extends { position: number; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.position - b.position || a.id - b.id);
}

/** Card ids of each column in display order. */
export function groupTasks(
  columns: readonly Column[],
  tasks: readonly TaskSummary[],
): Record<number, number[]> {
  const groups: Record<number, number[]> = {};
  for (const column of columns) groups[column.id] = [];
  for (const task of byPosition(tasks)) groups[task.column_id]?.push(task.id);
  return groups;
}

/**
 * The neighbours of a moved item in its new list: `after_id` is the one above (null at the top),
 * `before_id` the one below (null at the bottom). The list already shows the item in its new place.
 */
export function neighbours(
  ids: readonly number[],
  movedId: number,
): { after_id: number | null; before_id: number | null } {
  const index = ids.indexOf(movedId);
  if (index === -1) return { after_id: null, before_id: null };
  return { after_id: ids[index - 1] ?? null, before_id: ids[index + 1] ?? null };
}

/** A sort key between two neighbours' keys (either may be missing at an end). */
export function positionBetween(above: number | undefined, below: number | undefined): number {
  if (above === undefined && below === undefined) return 1;
  if (above === undefined) return (below as number) - 1;
  if (below === undefined) return above + 1;
  return (above + below) / 2;
}

/** Moves `id` to `index` of the list (a copy). */
export function moveInList(ids: readonly number[], id: number, index: number): number[] {
  const next = ids.filter((item) => item !== id);
  next.splice(Math.max(0, Math.min(index, next.length)), 0, id);
  return next;
}

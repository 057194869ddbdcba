import type { Project } from '@teamboard/contract';
import { useCallback } from 'react';
import { useUpdatePlacement } from '../api/update-placement';

export type MoveDirection = 'up' | 'down';

/** Projects of one folder in the caller's order (`order`, then id so equal keys stay stable). */
export function sortByOrder<T extends Pick<Project, 'id' | 'order'>>(projects: readonly T[]): T[] {
  return [...projects].sort((a, b) => a.order - b.order || a.id - b.id);
}

/**
 * A fractional sort key between two neighbours (either may be missing at an end of the list).
 * Nothing else is renumbered: one PUT per move (docs/product.md, stable and cheap ordering).
 */
export function orderBetween(before: number | undefined, after: number | undefined): number {
  if (before !== undefined && after !== undefined) return (before + after) / 2;
  if (before !== undefined) return before + 1;
  if (after !== undefined) return after - 1;
  return 0;
}

/** The new `order` of `sorted[index]` moved one step up or down; null at the end of the list. */
export function orderAfterMove(
  sorted: readonly Pick<Project, 'order'>[],
  index: number,
  direction: MoveDirection,
): number | null {
  if (index < 0 || index >= sorted.length) return null;
  if (direction === 'up') {
    if (index === 0) return null;
    return orderBetween(sorted[index - 2]?.order, sorted[index - 1]?.order);
  }
  if (index === sorted.length - 1) return null;
  return orderBetween(sorted[index + 1]?.order, sorted[index + 2]?.order);
}

/** Moves a project one step within its (sorted) folder list: PUT /api/projects/:id/placement. */
export function useMoveProject() {
  const { mutate } = useUpdatePlacement();
  return useCallback(
    (sorted: readonly Project[], index: number, direction: MoveDirection) => {
      const project = sorted[index];
      const order = orderAfterMove(sorted, index, direction);
      if (project === undefined || order === null) return;
      mutate({ id: project.id, input: { order } });
    },
    [mutate],
  );
}

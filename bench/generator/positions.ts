import type { ColumnDraft, TaskDraft } from './drafts.js';

/** Where a task goes in its column when it is created or moved (what the client asks for). */
export type Placement = 'end' | 'top' | 'after';

export interface PlacementEvent {
  at: number;
  task: TaskDraft;
  column: ColumnDraft;
  isCreation: boolean;
  placement: Placement;
  /** For 'after': which current task of the column, as a fraction of the column's length. */
  pick: number;
}

/** Same rule as apps/server/src/lib/sort-keys.ts: below this gap a midpoint could collide. */
const MIN_GAP = 1e-9;

/** lib/sort-keys.ts `between`, verbatim: null when the gap is exhausted. */
function between(low: number | null, high: number | null): number | null {
  if (low === null && high === null) return 1;
  if (low === null) return high! - 1;
  if (high === null) return low + 1;
  const middle = (low + high) / 2;
  return high - low > MIN_GAP && middle > low && middle < high ? middle : null;
}

/** The bounds of a placement in `slots` (the column without the task, in position order). */
function bounds(slots: TaskDraft[], event: PlacementEvent): [number | null, number | null] {
  const last = slots.at(-1)?.position ?? null;
  if (event.isCreation || slots.length === 0 || event.placement === 'end') return [last, null];
  if (event.placement === 'top') return [null, slots[0]!.position];
  const index = Math.min(slots.length - 1, Math.floor(event.pick * slots.length));
  return [slots[index]!.position, slots[index + 1]?.position ?? null];
}

function place(slots: TaskDraft[], event: PlacementEvent): number {
  const position = between(...bounds(slots, event));
  if (position !== null) return position;
  // positionInColumn: the gap is exhausted, so the column is renumbered 1, 2, 3… first.
  slots.forEach((task, index) => (task.position = index + 1));
  return between(...bounds(slots, event))!;
}

/**
 * Replays a board's creations and moves in time order, giving each task the position the app
 * would have given it: max + 1 on creation (endOfColumnPosition), positionInColumn on a move.
 */
export function replayPositions(events: PlacementEvent[]): void {
  const columns = new Map<ColumnDraft, TaskDraft[]>();
  for (const event of [...events].sort((a, b) => a.at - b.at)) {
    if (!event.isCreation) {
      const source = columns.get(event.task.column)!;
      source.splice(source.indexOf(event.task), 1);
    }
    const slots = columns.get(event.column) ?? [];
    columns.set(event.column, slots);
    event.task.position = place(slots, event);
    event.task.column = event.column;
    const index = slots.findIndex((task) => task.position > event.task.position);
    slots.splice(index < 0 ? slots.length : index, 0, event.task);
  }
}

import type { Snapshot } from './crash-check.js';
import type { Ledger } from './crash-workload.js';

/** A copy of the ledger as it stands now (the workers keep writing into the original). */
export function freezeLedger(ledger: Ledger): Ledger {
  return {
    created: [...ledger.created],
    pendingTitles: new Set(ledger.pendingTitles),
    moves: new Map(
      [...ledger.moves].map(([id, entry]) => [
        id,
        { acknowledged: [...entry.acknowledged], pending: entry.pending },
      ]),
    ),
    hours: [...ledger.hours],
    pendingHourTasks: [...ledger.pendingHourTasks],
  };
}

/**
 * What a restored backup lacks or holds wrongly. The backup is the database as of one moment
 * between `atStart` (acknowledged before the backup began: all of it must be there) and `atEnd`
 * (every write sent until the workers stopped: the only other changes it may hold). `before` is the
 * database before the writes; a torn copy shows in the snapshot's invariants (`broken`).
 */
export function restoredProblems(
  before: Snapshot,
  restored: Snapshot,
  atStart: Ledger,
  atEnd: Ledger,
): string[] {
  const problems = [...restored.broken];
  for (const task of atStart.created) {
    if (restored.tasks.get(task.id)?.title !== task.title)
      problems.push(`created task ${task.id} is missing`);
  }
  for (const id of before.tasks.keys()) if (!restored.tasks.has(id)) problems.push(`task ${id} vanished`);
  const titlesSent = new Set([...atEnd.created.map((task) => task.title), ...atEnd.pendingTitles]);
  for (const [id, task] of restored.tasks) {
    if (!before.tasks.has(id) && !titlesSent.has(task.title)) problems.push(`task ${id} nobody created`);
  }
  for (const hour of atStart.hours) {
    const stored = restored.hours.get(hour.id);
    if (stored?.hours !== hour.hours || stored.date !== hour.date || stored.taskId !== hour.taskId) {
      problems.push(`hour ${hour.id} (${hour.hours} h on task ${hour.taskId}) is missing`);
    }
  }
  const createdColumn = new Map(atEnd.created.map((task) => [task.id, task.columnId]));
  for (const [id, started] of atStart.moves) {
    const firstColumn = before.tasks.get(id)?.columnId ?? createdColumn.get(id);
    const later = atEnd.moves.get(id) ?? started;
    const allowed = [
      started.acknowledged.at(-1) ?? firstColumn,
      ...later.acknowledged.slice(started.acknowledged.length),
      later.pending,
    ];
    const column = restored.tasks.get(id)?.columnId;
    if (!allowed.includes(column)) {
      problems.push(`task ${id} in column ${column}, expected one of ${allowed.filter(Boolean).join(', ')}`);
    }
    const logged = (restored.movedLogs.get(id) ?? 0) - (before.movedLogs.get(id) ?? 0);
    if (logged < started.acknowledged.length) {
      problems.push(`task ${id}: ${logged} move logs for ${started.acknowledged.length} acknowledged moves`);
    }
  }
  return problems;
}

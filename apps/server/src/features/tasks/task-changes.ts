import type { UpdateTaskInput } from '@teamboard/contract';
import type { TaskRow } from './tasks.table.js';
import { logValue, type LogChange } from './task-logs.js';
import type { TaskChanges } from './tasks.repository.js';

/** Scalar fields of PUT /api/tasks/:id that map 1:1 to columns (booleans as 0/1). */
export const SCALAR_FIELDS = [
  'title',
  'description',
  'milestone_id',
  'deadline',
  'starting_date',
  'is_blocked',
  'blocked_reason',
  'expected_hours',
  'priority',
  'completed',
  'is_archived',
] as const;
export type ScalarField = (typeof SCALAR_FIELDS)[number];

/** An input field's value as its column stores it: booleans as 0/1, everything else as given. */
export function storedValue(
  value: UpdateTaskInput[ScalarField],
): Exclude<UpdateTaskInput[ScalarField], boolean> | number {
  return typeof value === 'boolean' ? Number(value) : value;
}

/** Adds a log entry when a field's value reads differently after the change. */
export function logIfChanged(
  logs: LogChange[],
  taskId: number,
  field: string,
  from: unknown,
  to: unknown,
): void {
  const [oldValue, newValue] = [logValue(from), logValue(to)];
  if (oldValue !== newValue) logs.push({ task_id: taskId, field, old_value: oldValue, new_value: newValue });
}

/**
 * The columns an update's scalar fields change (a value equal to the stored one changes nothing)
 * and their log entries; completing or reopening also sets `completed_at`.
 */
export function scalarChanges(
  task: TaskRow,
  input: UpdateTaskInput,
  now: string,
): { changes: TaskChanges; logs: LogChange[] } {
  const changes: TaskChanges = { updated_at: now };
  const logs: LogChange[] = [];
  for (const field of SCALAR_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    const stored = storedValue(value);
    if (stored === task[field]) continue;
    Object.assign(changes, { [field]: stored });
    logIfChanged(logs, task.id, field, typeof value === 'boolean' ? task[field] === 1 : task[field], value);
  }
  if (changes.completed !== undefined) changes.completed_at = changes.completed === 1 ? now : null;
  return { changes, logs };
}

/** Whether an update touches only the task's own columns (no assignees, labels or milestone to check). */
export function isScalarOnly(input: UpdateTaskInput): boolean {
  return input.assigned === undefined && input.labels === undefined && input.milestone_id == null;
}

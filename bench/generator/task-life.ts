import { DAY, HOUR, MINUTE, dayStart, isoDate } from './calendar.js';
import { BLOCKED_REASONS, CHECKLIST_ITEMS, DESCRIPTIONS, EXPECTED_HOURS, PRIORITIES } from './catalog.js';
import type { GenerationContext } from './context.js';
import type { LogValue, MilestoneDraft, TaskDraft, UserDraft } from './drafts.js';
import type { Placement, PlacementEvent } from './positions.js';

/** Who works on the task's board and which milestones its project has. */
export interface TaskSetting {
  students: UserDraft[];
  milestones: MilestoneDraft[];
}

/** A logged field: name, old value, new value (task-logs.ts). */
type Change = [field: string, oldValue: LogValue, newValue: LogValue];

/**
 * Records one write of TasksService: its log entries (one insert, in the order the service logs
 * the fields), the task's updated_at and one board version.
 */
export function taskWrite(
  context: GenerationContext,
  task: TaskDraft,
  user: UserDraft,
  at: number,
  changes: Change[],
): void {
  for (const [field, old_value, new_value] of changes) {
    context.course.logs.push({ id: 0, at, task, user, field, old_value, new_value });
  }
  task.updated_at = Math.max(task.updated_at, at);
  task.board.version += 1;
}

/** The sprint running on the date, else the next milestone still ahead. */
function milestoneOn(milestones: MilestoneDraft[], date: string): MilestoneDraft | null {
  const sprint = milestones.find((m) => m.sprint && m.start_date <= date && date <= m.deadline);
  return sprint ?? milestones.find((m) => !m.sprint && m.deadline >= date) ?? null;
}

/** What the planning PUT sets; every field is optional and most tasks get several. */
function choosePlan(context: GenerationContext, task: TaskDraft, setting: TaskSetting): void {
  const { rng } = context;
  const createdDate = isoDate(task.at);
  if (rng.chance(0.7)) task.assignees = rng.sample(setting.students, rng.int(1, 2));
  if (rng.chance(0.6)) task.labels = rng.sample(task.board.labels, rng.int(1, 2));
  if (rng.chance(0.4)) task.description = rng.pick(DESCRIPTIONS);
  if (rng.chance(0.7)) task.milestone = milestoneOn(setting.milestones, createdDate);
  if (rng.chance(0.5)) task.deadline = task.milestone?.deadline ?? isoDate(task.at + rng.int(7, 21) * DAY);
  if (rng.chance(0.3)) task.starting_date = createdDate;
  if (rng.chance(0.6)) task.expected_hours = rng.pick(EXPECTED_HOURS);
  if (rng.chance(0.75)) task.priority = rng.pick(PRIORITIES);
}

/** That PUT's log: each field it set, in TasksService.update's order (lists first, then scalars). */
function planChanges(task: TaskDraft): Change[] {
  const changes: Change[] = [];
  if (task.assignees.length > 0) changes.push(['assigned', [], task.assignees]);
  if (task.labels.length > 0) changes.push(['labels', [], task.labels]);
  if (task.description !== '') changes.push(['description', '', task.description]);
  if (task.milestone) changes.push(['milestone_id', null, [task.milestone]]);
  if (task.deadline) changes.push(['deadline', null, task.deadline]);
  if (task.starting_date) changes.push(['starting_date', null, task.starting_date]);
  if (task.expected_hours !== null) changes.push(['expected_hours', null, String(task.expected_hours)]);
  if (task.priority) changes.push(['priority', null, task.priority]);
  return changes;
}

/** The PUT that plans the task, by its creator, within the hour after creating it. */
export function planTask(
  context: GenerationContext,
  task: TaskDraft,
  setting: TaskSetting,
  user: UserDraft,
): void {
  choosePlan(context, task, setting);
  const changes = planChanges(task);
  if (changes.length > 0) taskWrite(context, task, user, task.at + context.rng.int(5, 55) * MINUTE, changes);
}

/** The columns a task passes through after its start column, ending in its final column. */
function columnPath(context: GenerationContext, task: TaskDraft, startIndex: number): number[] {
  const { rng, semester } = context;
  const columnCount = task.board.columns.length;
  const age = (semester.now - task.at) / (semester.days * DAY);
  const reach = Math.floor(rng.next() * (columnCount - startIndex) * (0.4 + age));
  const finalIndex = startIndex + Math.min(columnCount - 1 - startIndex, reach);
  if (finalIndex === startIndex) return [];
  const between = Array.from({ length: finalIndex - startIndex - 1 }, (_, i) => startIndex + 1 + i);
  return [...rng.sample(between, rng.int(0, Math.min(2, between.length))), finalIndex];
}

/** Move times: on distinct later days, in working hours, in order. */
function moveTimes(context: GenerationContext, createdDay: number, count: number): number[] {
  const { rng, semester } = context;
  const laterDays = Array.from({ length: semester.days - 1 - createdDay }, (_, i) => createdDay + 1 + i);
  return rng
    .sample(laterDays, count)
    .map((day) => dayStart(semester, day) + rng.int(9 * 60, 18 * 60) * MINUTE);
}

/**
 * The task's moves through the board (each a 'moved' log and a version), completing it when it
 * reaches Done. Answers the placement events for replayPositions.
 */
export function moveTask(
  context: GenerationContext,
  task: TaskDraft,
  setting: TaskSetting,
  createdDay: number,
): PlacementEvent[] {
  const { rng } = context;
  const columns = task.board.columns;
  const doneIndex = columns.length - 2;
  const startIndex = rng.chance(0.7) ? 1 : 0;
  const events: PlacementEvent[] = [creation(task, columns[startIndex]!)];
  const path = columnPath(context, task, startIndex);
  const times = moveTimes(context, createdDay, path.length);
  const kept = path.slice(path.length - times.length);
  let from = columns[startIndex]!;
  kept.forEach((index, step) => {
    const to = columns[index]!;
    const at = times[step]!;
    const mover = task.assignees.length > 0 ? rng.pick(task.assignees) : rng.pick(setting.students);
    events.push({
      at,
      task,
      column: to,
      isCreation: false,
      placement: choosePlacement(context),
      pick: rng.next(),
    });
    taskWrite(context, task, mover, at, [['moved', from.name, to.name]]);
    if (index >= doneIndex && task.completed_at === null)
      complete(context, task, mover, at + rng.int(1, 30) * MINUTE);
    from = to;
  });
  if (task.completed_at === null && from !== columns[startIndex] && rng.chance(0.08))
    block(context, task, setting);
  return events;
}

/** Mostly dropped at the end of the column; sometimes on top, sometimes between two cards. */
function choosePlacement(context: GenerationContext): Placement {
  const { rng } = context;
  if (rng.chance(0.7)) return 'end';
  return rng.chance(0.5) ? 'top' : 'after';
}

function creation(task: TaskDraft, column: TaskDraft['column']): PlacementEvent {
  return { at: task.at, task, column, isCreation: true, placement: 'end', pick: 0 };
}

/** PUT completed: true (completed_at = now), sometimes followed by linking the commit that did it. */
function complete(context: GenerationContext, task: TaskDraft, user: UserDraft, at: number): void {
  const { rng } = context;
  task.completed_at = at;
  taskWrite(context, task, user, at, [['completed', 'false', 'true']]);
  if (!rng.chance(0.25)) return;
  const commitAt = at + rng.int(2, 20) * MINUTE;
  const url = `https://git.course.example/${task.board.project.owner.email.split('@')[0]}/app/commit/${rng.hex(40)}`;
  context.course.commits.push({
    id: 0,
    at: commitAt,
    task,
    message: `Close #${rng.int(1, 400)}: ${task.title}`,
    url,
  });
  taskWrite(context, task, user, commitAt, [['commit', null, url]]);
}

/** PUT is_blocked + blocked_reason, a few hours after the task's last change. */
function block(context: GenerationContext, task: TaskDraft, setting: TaskSetting): void {
  const { rng } = context;
  task.is_blocked = true;
  task.blocked_reason = rng.pick(BLOCKED_REASONS);
  const user = rng.pick(setting.students);
  taskWrite(context, task, user, task.updated_at + rng.int(1, 3) * HOUR, [
    ['is_blocked', 'false', 'true'],
    ['blocked_reason', null, task.blocked_reason],
  ]);
}

/** ChecklistsService.create ×n (positions 1, 2…), then some items ticked (each a PUT and a version). */
export function addChecklist(context: GenerationContext, task: TaskDraft, after: number): void {
  const { rng } = context;
  const texts = rng.sample(CHECKLIST_ITEMS, rng.int(2, 6));
  const done = task.completed_at !== null ? texts.length : rng.int(0, texts.length - 1);
  texts.forEach((text, index) => {
    const status = index < done ? 'done' : 'pending';
    context.course.checklistItems.push({
      id: 0,
      at: after + (index + 1) * MINUTE,
      task,
      text,
      status,
      position: index + 1,
    });
    task.board.version += status === 'done' ? 2 : 1;
  });
}

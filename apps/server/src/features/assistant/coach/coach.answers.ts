import { addDays, daysBetween, mondayOf } from '@teamboard/contract';
import type { Db } from '../../../db/database.js';
import { round2 } from '../../../lib/numbers.js';
import { localDays } from '../../../lib/zone-days.js';
import { bold, escapeMarkdown, type AnswerWriter } from './coach.markdown.js';
import * as queries from './coach.queries.js';
import type { CoachProject, OpenTask, TaskRef } from './coach.queries.js';
import { blockedReasons, byNextToDo, forecastOf, workloadOf, type BlockedReason } from './coach.rules.js';

/** What every answer knows: the project, the asker, and today in the project's time zone. */
export interface CoachContext {
  db: Db;
  project: CoachProject;
  userId: number;
  today: string;
  timeZone: string;
}

/** Long lists show this many tasks; the counts stay exact. */
const LIST_LIMIT = 10;
const INLINE_LIMIT = 5;
/** "What should I do next" names one task, then a few to follow. */
const NEXT_AFTER_FIRST = 4;

export async function answerOverdue(ctx: CoachContext, w: AnswerWriter): Promise<void> {
  const t = w.text.overdue;
  const project = bold(ctx.project.name);
  const overdue = (await queries.openTasks(ctx.db, ctx.project.id))
    .filter((task) => task.deadline !== null && task.deadline < ctx.today)
    .sort((a, b) => (a.deadline! < b.deadline! ? -1 : a.deadline! > b.deadline! ? 1 : a.id - b.id));
  if (overdue.length === 0) return void w.paragraph(t.none(project, ctx.today));
  w.paragraph(t.heading(overdue.length, project, ctx.today));
  w.list(overdue, LIST_LIMIT, (task) =>
    t.item(w.link(task), task.deadline!, daysBetween(task.deadline!, ctx.today), w.people(task.assignees)),
  );
}

function reasonText(w: AnswerWriter, reason: BlockedReason): string {
  const t = w.text.blocked;
  if (reason.kind === 'flag') return t.flag(reason.reason === null ? null : escapeMarkdown(reason.reason));
  return reason.kind === 'label'
    ? t.label(escapeMarkdown(reason.name))
    : t.column(escapeMarkdown(reason.name));
}

export async function answerBlocked(ctx: CoachContext, w: AnswerWriter): Promise<void> {
  const t = w.text.blocked;
  const project = bold(ctx.project.name);
  const blocked = (await queries.openTasks(ctx.db, ctx.project.id))
    .map((task) => ({ task, reasons: blockedReasons(task) }))
    .filter(({ reasons }) => reasons.length > 0);
  if (blocked.length === 0) return void w.paragraph(t.none(project));
  w.paragraph(t.heading(blocked.length, project));
  w.list(blocked, LIST_LIMIT, ({ task, reasons }) => {
    const why = reasons.map((reason) => reasonText(w, reason)).join('; ');
    return `- ${w.link(task)} — ${why} — ${w.people(task.assignees)}`;
  });
}

export async function answerWorkload(ctx: CoachContext, w: AnswerWriter): Promise<void> {
  const t = w.text.workload;
  const project = bold(ctx.project.name);
  const [members, tasks] = await Promise.all([
    queries.workingMembers(ctx.db, ctx.project.id),
    queries.openTasks(ctx.db, ctx.project.id),
  ]);
  if (tasks.length === 0) return void w.paragraph(t.none(project));
  const load = workloadOf(members, tasks);
  w.paragraph(t.heading(project, w.number(load.meanTasks), w.number(load.meanHours)));
  w.paragraph(
    `| ${t.columns.join(' | ')} |`,
    '|---|---:|---:|',
    ...load.people.map(({ person, tasks: own, hours, isOverloaded }) => {
      const name = isOverloaded ? bold(person.name) : escapeMarkdown(person.name);
      return `| ${name} | ${own.length} | ${w.number(hours)} |`;
    }),
  );
  const above = load.people.filter((person) => person.isOverloaded);
  if (above.length === 0) w.paragraph(t.nobodyAbove);
  else {
    w.paragraph(
      t.above,
      ...above.map(({ person, tasks: own, hours }) => {
        const sorted = [...own].sort(byNextToDo);
        return `${t.person(bold(person.name), own.length, w.number(hours))} — ${w.taskLinks(sorted, INLINE_LIMIT)}`;
      }),
    );
  }
  if (load.unassigned.length > 0) w.paragraph(t.unassigned(load.unassigned.length));
}

export async function answerSprintForecast(ctx: CoachContext, w: AnswerWriter): Promise<void> {
  const t = w.text.forecast;
  const project = bold(ctx.project.name);
  const milestone = await queries.currentMilestone(ctx.db, ctx.project.id, ctx.today);
  if (!milestone) return void w.paragraph(t.nothing(project, ctx.today));
  const name = bold(milestone.name);
  if (!milestone.running) return void w.paragraph(t.upcoming(project, ctx.today, name, milestone.start_date));
  const tasks = await queries.milestoneTasks(ctx.db, milestone.id);
  if (tasks.length === 0) return void w.paragraph(t.empty(name, milestone.start_date, milestone.deadline));
  const f = forecastOf(milestone, tasks, ctx.today);
  if (f.remaining === 0) return void w.paragraph(t.allDone(name, f.done));
  const status = t.status({
    milestone: name,
    start: milestone.start_date,
    deadline: milestone.deadline,
    ...f,
  });
  const effort = t.effort({
    doneHours: w.number(f.doneHours),
    scopeHours: w.number(f.scopeHours),
    remaining: f.remaining,
  });
  w.paragraph(
    `${t.verdict[f.verdict]} ${status} ${effort} ${t.days(f.elapsedDays, f.totalDays, f.daysLeft)}`,
  );
  const needed = f.neededPace === null ? null : w.number(f.neededPace);
  w.paragraph(
    f.isFirstDay && f.done === 0
      ? t.firstDay
      : t.pace(w.number(f.pace), w.number(f.projected), f.scope, needed),
  );
  const open = tasks.filter((task) => !task.completed);
  w.list(open, LIST_LIMIT, (task) => `- ${w.link(task)} — ${w.people(task.assignees)}`, t.remaining);
}

interface Tally {
  task: TaskRef;
  count: number;
  /** The last row's value (a move's column). */
  last: string;
  /** The rows' amounts added up (hours). */
  sum: number;
}

/** Rows per distinct task, in first-seen order. */
function tally(rows: (TaskRef & { value?: string | null; amount?: number })[]): Tally[] {
  const byTask = new Map<number, Tally>();
  for (const row of rows) {
    const seen = byTask.get(row.id) ?? { task: { id: row.id, title: row.title }, count: 0, last: '', sum: 0 };
    byTask.set(row.id, {
      ...seen,
      count: seen.count + 1,
      last: row.value ?? '',
      sum: seen.sum + (row.amount ?? 0),
    });
  }
  return [...byTask.values()];
}

/** This week, Monday to Sunday, in the project's days: its instants and its calendar days. */
function weekOf(ctx: CoachContext): queries.WeekSpan {
  const monday = mondayOf(ctx.today);
  const days = localDays(monday, addDays(monday, 6), ctx.timeZone);
  return { from: days[0]!.from, before: days.at(-1)!.before, firstDay: monday, lastDay: days.at(-1)!.day };
}

export async function answerMyWeek(ctx: CoachContext, w: AnswerWriter): Promise<void> {
  const t = w.text.week;
  const project = bold(ctx.project.name);
  const week = weekOf(ctx);
  const { db, userId } = ctx;
  const projectId = ctx.project.id;
  const [completedRows, movedRows, hourRows, commentRows] = await Promise.all([
    queries.userLogEntries(db, projectId, userId, week, 'completed'),
    queries.userLogEntries(db, projectId, userId, week, 'moved'),
    queries.userHours(db, projectId, userId, week),
    queries.userComments(db, projectId, userId, week),
  ]);
  if (completedRows.length + movedRows.length + hourRows.length + commentRows.length === 0)
    return void w.paragraph(t.nothing(project, week.firstDay, week.lastDay));
  const completed = tally(completedRows);
  const moved = tally(movedRows.map((row) => ({ ...row, value: row.new_value })));
  const logged = tally(hourRows.map((row) => ({ ...row, amount: row.hours })));
  const commented = tally(commentRows);
  const hours = (value: number) => w.text.hours(w.number(round2(value)));
  const section = (label: string, count: string, items: Tally[], render: (item: Tally) => string) =>
    `- **${label}:** ${count}${items.length > 0 ? ` — ${w.inline(items, LIST_LIMIT, render)}` : ''}`;
  w.paragraph(t.heading(project, week.firstDay, week.lastDay, ctx.project.time_zone));
  w.paragraph(
    section(t.completed, String(completed.length), completed, (c) => w.link(c.task)),
    section(t.moved, String(moved.length), moved, (m) => t.movedTo(w.link(m.task), escapeMarkdown(m.last))),
    section(
      t.hours,
      hours(logged.reduce((sum, h) => sum + h.sum, 0)),
      logged,
      (h) => `${w.link(h.task)} (${hours(h.sum)})`,
    ),
    section(t.comments, String(commentRows.length), commented, (c) => t.times(w.link(c.task), c.count)),
  );
}

function nextDetails(w: AnswerWriter, task: OpenTask, today: string): string {
  const t = w.text.next;
  const details = [task.deadline === null ? t.noDueDate : t.due(task.deadline, task.deadline < today)];
  if (task.priority !== null) details.push(w.text.priority[task.priority]);
  details.push(t.column(escapeMarkdown(task.column_name)));
  return details.join(', ');
}

export async function answerNextTask(ctx: CoachContext, w: AnswerWriter): Promise<void> {
  const t = w.text.next;
  const project = bold(ctx.project.name);
  const tasks = (await queries.openTasks(ctx.db, ctx.project.id)).sort(byNextToDo);
  const isBlocked = (task: OpenTask) => blockedReasons(task).length > 0;
  const mine = tasks.filter((task) => task.assignees.some((person) => person.id === ctx.userId));
  const ready = mine.filter((task) => !isBlocked(task));
  const blocked = mine.filter(isBlocked);
  const unassigned = tasks.filter((task) => task.assignees.length === 0 && !isBlocked(task));
  const item = (task: OpenTask) => `- ${w.link(task)} — ${nextDetails(w, task, ctx.today)}`;
  if (ready.length > 0) {
    const [first, ...rest] = ready;
    w.paragraph(`${t.first(w.link(first!))} — ${nextDetails(w, first!, ctx.today)}.`);
    if (rest.length > 0) {
      w.paragraph(t.then, ...rest.slice(0, NEXT_AFTER_FIRST).map(item));
      if (rest.length > NEXT_AFTER_FIRST) w.paragraph(t.moreMine(rest.length - NEXT_AFTER_FIRST));
    }
    if (blocked.length > 0) w.paragraph(t.blockedMine(blocked.length, w.taskLinks(blocked, INLINE_LIMIT)));
    return;
  }
  if (blocked.length > 0)
    w.paragraph(t.allBlocked(project, blocked.length, w.taskLinks(blocked, INLINE_LIMIT)));
  else w.paragraph(unassigned.length > 0 ? t.noneMine(project) : t.nothing(project));
  if (unassigned.length > 0)
    w.list(unassigned, INLINE_LIMIT, item, blocked.length > 0 ? t.pickUpMeanwhile : t.pickUp);
}

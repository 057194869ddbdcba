import { MINUTE, dayOf, dayStart, isoDate } from './calendar.js';
import { COMMENTS, HOUR_AMOUNTS } from './catalog.js';
import type { GenerationContext } from './context.js';
import type { TaskDraft, UserDraft } from './drafts.js';
import type { TeamProject } from './projects.js';

/** `total` split over `parts`: the first `total mod parts` parts get one more. */
export function share(total: number, parts: number, index: number): number {
  return Math.floor(total / parts) + (index < total % parts ? 1 : 0);
}

/** A student working on the task (an assignee when it has some) on a day of its active life. */
function workMoment(context: GenerationContext, task: TaskDraft, students: UserDraft[]) {
  const { rng, semester } = context;
  const user = task.assignees.length > 0 && rng.chance(0.8) ? rng.pick(task.assignees) : rng.pick(students);
  const lastDay = task.completed_at === null ? semester.days - 1 : dayOf(semester, task.completed_at);
  const day = rng.int(dayOf(semester, task.at), lastDay);
  // Afternoons and evenings: after the task's morning creation even on its first day.
  const at = dayStart(semester, day) + rng.int(13 * 60, 23 * 60 - 1) * MINUTE + rng.int(0, 59) * 1000;
  return { user, day, at };
}

/** HoursService.create: own hours on a date; total_hours kept equal to the sum; one board version. */
function reportHours(context: GenerationContext, tasks: TaskDraft[], students: UserDraft[]): void {
  const { rng, semester } = context;
  const task = rng.pick(tasks);
  const { user, day, at } = workMoment(context, task, students);
  const hours = rng.pick(HOUR_AMOUNTS);
  context.course.hours.push({ id: 0, at, task, user, hours, date: isoDate(dayStart(semester, day)) });
  task.total_hours = Math.round((task.total_hours + hours) * 100) / 100;
  task.board.version += 1;
}

/** CommentsService.create: one board version (the card's comments_count changes). */
function comment(context: GenerationContext, tasks: TaskDraft[], students: UserDraft[]): void {
  const { rng } = context;
  const task = rng.pick(tasks);
  const { user, at } = workMoment(context, task, students);
  context.course.comments.push({ id: 0, at, task, user, text: rng.pick(COMMENTS) });
  task.board.version += 1;
}

/** The team's share of the course's hour entries and comments, on its own tasks, by its students. */
export function createTeamWork(
  context: GenerationContext,
  teamProject: TeamProject,
  tasks: TaskDraft[],
  teamIndex: number,
): void {
  const { scale } = context;
  const students = teamProject.team.students;
  const hourCount = share(scale.hours, scale.teams, teamIndex);
  for (let entry = 0; entry < hourCount; entry++) reportHours(context, tasks, students);
  const commentCount = share(scale.comments, scale.teams, teamIndex);
  for (let entry = 0; entry < commentCount; entry++) comment(context, tasks, students);
}

import {
  MILESTONE_SNAPSHOT_VERSION,
  type BurnReport,
  type MilestoneSnapshotBody,
  type SnapshotBoard,
  type SnapshotCommit,
  type SnapshotHours,
  type SnapshotTask,
} from '@teamboard/contract';
import type { Selectable } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { round2 } from '../../lib/numbers.js';
import { burnReport, reportMembers } from '../reports/reports.service.js';
import * as repo from './milestone-snapshots.repository.js';

export type MilestoneRow = Selectable<Database['milestones']>;

/** The day the snapshot is frozen on and the zone days are counted in (the project's). */
export interface FreezeContext {
  today: string;
  timeZone: string;
}

/** The milestone's state now, as the snapshot keeps it (docs/api-milestone-snapshots.md). */
export async function freezeBody(
  db: Db,
  milestone: MilestoneRow,
  context: FreezeContext,
): Promise<MilestoneSnapshotBody> {
  return {
    version: MILESTONE_SNAPSHOT_VERSION,
    milestone: {
      milestone_id: milestone.id,
      name: milestone.name,
      start_date: milestone.start_date,
      deadline: milestone.deadline,
      sprint: milestone.sprint === 1,
    },
    time_zone: context.timeZone,
    boards: await boardState(db, milestone),
    hours: await hoursOf(db, milestone),
    burndown: await burndownOf(db, milestone, context),
    commits: await commitsOf(db, milestone.id),
  };
}

/** Every board and column of the project, each column with its count and the milestone's cards. */
async function boardState(db: Db, milestone: MilestoneRow): Promise<SnapshotBoard[]> {
  // One after the other: inside the freezing transaction they share one connection anyway.
  const layout = await repo.projectBoards(db, milestone.project_id);
  const counts = await repo.columnTaskCounts(db, milestone.project_id);
  const tasks = await repo.milestoneTasks(db, milestone.id);
  const assignees = groupBy(
    await repo.milestoneAssignees(db, milestone.id),
    (row) => row.task_id,
    ({ user_id, name }) => ({ user_id, name }),
  );
  const labels = groupBy(
    await repo.milestoneLabels(db, milestone.id),
    (row) => row.task_id,
    ({ id, name, color }) => ({ id, name, color }),
  );
  const countOf = new Map(counts.map((row) => [row.column_id, Number(row.count)]));
  const cardsOf = groupBy(
    tasks,
    (task) => task.column_id,
    (task): SnapshotTask => ({
      id: task.id,
      title: task.title,
      assignees: assignees.get(task.id) ?? [],
      completed: task.completed === 1,
      completed_at: task.completed_at,
      expected_hours: task.expected_hours === null ? null : Number(task.expected_hours),
      labels: labels.get(task.id) ?? [],
      archived: task.is_archived === 1,
    }),
  );
  const boards: SnapshotBoard[] = [];
  for (const row of layout) {
    let board = boards.at(-1);
    if (board?.id !== row.board_id)
      boards.push((board = { id: row.board_id, name: row.board_name, columns: [] }));
    if (row.column_id === null) continue;
    board.columns.push({
      id: row.column_id,
      name: row.column_name!,
      task_count: countOf.get(row.column_id) ?? 0,
      tasks: cardsOf.get(row.column_id) ?? [],
    });
  }
  return boards;
}

/** Rows grouped by a key, in their order, each turned into what the body keeps. */
function groupBy<R, T>(rows: R[], keyOf: (row: R) => number, toItem: (row: R) => T): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(toItem(row));
    else groups.set(key, [toItem(row)]);
  }
  return groups;
}

/** Hours whose day is within the milestone's dates: per member, and per milestone task. */
async function hoursOf(db: Db, milestone: MilestoneRow): Promise<SnapshotHours> {
  const { start_date, deadline } = milestone;
  const rows = await repo.hoursInDays(db, milestone.project_id, milestone.id, start_date, deadline);
  const byMember = new Map<number, { hours: number; milestone_hours: number }>();
  const byTask = new Map<number, SnapshotHours['tasks'][number]>();
  for (const row of rows) {
    const hours = Number(row.hours);
    const inMilestone = Number(row.in_milestone) === 1;
    const member = byMember.get(row.user_id) ?? { hours: 0, milestone_hours: 0 };
    member.hours += hours;
    if (inMilestone) member.milestone_hours += hours;
    byMember.set(row.user_id, member);
    if (!inMilestone) continue;
    const task = byTask.get(row.task_id) ?? { task_id: row.task_id, title: row.title, hours: 0, members: [] };
    task.hours += hours;
    task.members.push({ user_id: row.user_id, hours: round2(hours) });
    byTask.set(row.task_id, task);
  }
  const people = await reportMembers(db, milestone.project_id, byMember.keys());
  const members = people
    .filter((person): person is typeof person & { user_id: number } => person.user_id !== null)
    .map((person) => {
      const logged = byMember.get(person.user_id);
      return {
        user_id: person.user_id,
        name: person.name,
        is_member: person.is_member,
        hours: round2(logged?.hours ?? 0),
        milestone_hours: round2(logged?.milestone_hours ?? 0),
      };
    })
    .filter((member) => member.is_member || member.hours !== 0);
  const tasks = [...byTask.values()]
    .map((task) => ({
      ...task,
      hours: round2(task.hours),
      members: task.members.sort((a, b) => b.hours - a.hours || a.user_id - b.user_id),
    }))
    .sort((a, b) => b.hours - a.hours || a.task_id - b.task_id);
  const sum = (values: number[]) => round2(values.reduce((total, value) => total + value, 0));
  return {
    start_date,
    end_date: deadline,
    total: sum([...byMember.values()].map((m) => m.hours)),
    milestone_total: sum([...byMember.values()].map((m) => m.milestone_hours)),
    members,
    tasks,
  };
}

/** The burndown report as reports compute it now; null when its range is too long to chart. */
async function burndownOf(
  db: Db,
  milestone: MilestoneRow,
  context: FreezeContext,
): Promise<BurnReport | null> {
  try {
    return await burnReport(db, milestone.project_id, context, milestone.id);
  } catch (error) {
    if (error instanceof AppError && error.code.startsWith('RANGE_')) return null;
    throw error;
  }
}

/** The first line of a commit message, at most 200 characters. */
function shortMessage(message: string): string {
  const line = message.split('\n', 1)[0]!.trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

async function commitsOf(db: Db, milestoneId: number): Promise<SnapshotCommit[]> {
  return (await repo.milestoneCommits(db, milestoneId)).map((row) => ({
    task_id: row.task_id,
    sha: row.sha,
    message: shortMessage(row.message ?? row.link_message),
    author: row.author_name,
    url: row.url ?? row.link_url,
    committed_at: row.committed_at,
  }));
}

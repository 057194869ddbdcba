import {
  addDays,
  STANDUPS_DEFAULT_RANGE_DAYS,
  standupsRangeError,
  type ErrorCode,
  type Standup,
  type StandupAnalysis,
  type StandupAnalysisQuery,
  type StandupInput,
  type StandupList,
  type StandupsQuery,
} from '@teamboard/contract';
import type { ProjectAccess } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { dayIn, reportTimeZone } from '../../lib/zone-days.js';
import type { UserRow } from '../../users/users.js';
import { moodsFor, moodViewerOf, type MoodViewer } from './mood-visibility.js';
import { analyze } from './standup-analysis.js';
import * as repo from './standups.repository.js';
import type { StandupListRow } from './standups.repository.js';

export interface DayRange {
  start: string;
  end: string;
}

/**
 * The range a list or analysis covers: the dates given; without an end, today; without a start,
 * the STANDUPS_DEFAULT_RANGE_DAYS days up to the end. At most a year (RANGE_TOO_LONG_ONE_YEAR).
 */
export function resolveRange(query: { start_date?: string; end_date?: string }, today: string): DayRange {
  const end = query.end_date ?? today;
  const start = query.start_date ?? addDays(end, -(STANDUPS_DEFAULT_RANGE_DAYS - 1));
  const error = standupsRangeError(start, end);
  if (error) throw new AppError(error as ErrorCode);
  return { start, end };
}

/**
 * Stand-up reports (docs/api-standups.md): one per owner or member, project and day — the project's
 * day, in its report time zone — editable by its author on that day only.
 */
export class StandupsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /** Today in the project's time zone. */
  today(project: ProjectAccess['project']): string {
    return dayIn(this.deps.clock.now(), reportTimeZone(project));
  }

  /** A stand-up as `viewer` may read it: another person's stress and feeling only by mood-visibility.ts. */
  private present(row: StandupListRow, viewer: MoodViewer, today: string): Standup {
    return {
      id: row.id,
      project_id: row.project_id,
      user_id: row.user_id,
      user_name: row.user_name,
      day: row.day,
      did: row.did,
      will_do: row.will_do,
      blockers: row.blockers,
      is_blocked: row.is_blocked === 1,
      hours: Number(row.hours),
      ...moodsFor(viewer, row.user_id, row),
      created_at: row.created_at,
      updated_at: row.updated_at,
      is_editable: row.user_id === viewer.userId && row.day === today,
    };
  }

  find(id: number): Promise<StandupListRow | undefined> {
    return repo.findStandup(this.deps.db, id);
  }

  async list(viewer: UserRow, access: ProjectAccess, query: StandupsQuery): Promise<StandupList> {
    const { db } = this.deps;
    const projectId = access.project.id;
    const today = this.today(access.project);
    const range = resolveRange(query, today);
    const moodViewer = moodViewerOf(viewer, access);
    const [rows, members, submittedToday] = await Promise.all([
      repo.listStandups(db, projectId, { ...range, userId: query.user_id }),
      repo.submittingMembers(db, projectId),
      repo.authorsOn(db, projectId, today),
    ]);
    return {
      start_date: range.start,
      end_date: range.end,
      today,
      standups: rows.map((row) => this.present(row, moodViewer, today)),
      members: members.map(({ user_id, name }) => ({ user_id, name })),
      missing_today: members.filter((m) => !submittedToday.has(m.user_id)).map((m) => m.user_id),
    };
  }

  async read(viewer: UserRow, access: ProjectAccess, row: StandupListRow): Promise<Standup> {
    return this.present(row, moodViewerOf(viewer, access), this.today(access.project));
  }

  /** The caller's stand-up for today; a second one the same day is STANDUP_ALREADY_SUBMITTED. */
  async create(author: UserRow, access: ProjectAccess, input: StandupInput): Promise<Standup> {
    const { db, clock } = this.deps;
    const now = clock.now().toISOString();
    const today = this.today(access.project);
    const id = await repo.insertStandup(db, {
      project_id: access.project.id,
      user_id: author.id,
      day: today,
      ...fields(input),
      created_at: now,
      updated_at: now,
    });
    if (id === undefined) throw new AppError('STANDUP_ALREADY_SUBMITTED');
    const row = await repo.findStandup(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return this.present(row, moodViewerOf(author, access), today);
  }

  /** By its author only (403 otherwise), on its day only (STANDUP_NOT_EDITABLE after). */
  async update(
    author: UserRow,
    access: ProjectAccess,
    row: StandupListRow,
    input: StandupInput,
  ): Promise<Standup> {
    const { db, clock } = this.deps;
    if (row.user_id !== author.id) throw new AppError('FORBIDDEN');
    const today = this.today(access.project);
    if (row.day !== today) throw new AppError('STANDUP_NOT_EDITABLE');
    await repo.updateStandup(db, row.id, { ...fields(input), updated_at: clock.now().toISOString() });
    const updated = await repo.findStandup(db, row.id);
    if (!updated) throw new AppError('NOT_FOUND');
    return this.present(updated, moodViewerOf(author, access), today);
  }

  async analysis(
    viewer: UserRow,
    access: ProjectAccess,
    query: StandupAnalysisQuery,
  ): Promise<StandupAnalysis> {
    const today = this.today(access.project);
    const range = resolveRange(query, today);
    // A member's row carries their moods: the rows are those of the members whose moods the viewer
    // may see (owners and staff: everyone; a member: their own; a viewer: none).
    return analyze(this.deps.db, {
      projectId: access.project.id,
      timeZone: reportTimeZone(access.project),
      today,
      range,
      viewer: moodViewerOf(viewer, access),
    });
  }
}

function fields(input: StandupInput) {
  return {
    did: input.did,
    will_do: input.will_do,
    blockers: input.blockers,
    is_blocked: input.is_blocked ? 1 : 0,
    hours: input.hours,
    stress: input.stress,
    feeling: input.feeling,
  };
}

import type { Activity, ActivityKind, ActivityPage, ProjectRole } from '@teamboard/contract';
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { PreparedQuery } from '../../lib/prepared-query.js';
import { AppError } from '../../lib/app-error.js';
import { parseId } from '../../lib/ids.js';
import * as repo from './activity.repository.js';
import type { ActivityRow, NewActivityRow } from './activity.table.js';

export interface ActivityEvent {
  kind: ActivityKind;
  actor: { id: number; name: string };
  project: { id: number; name: string };
  subject?: { userId: number | null; name: string } | undefined;
  role?: ProjectRole | undefined;
  at: string;
}

/**
 * Writes one feed event. Callers pass their transaction, so the event is stored together with the
 * change it describes (or not at all).
 */
export function recordActivity(db: Db, event: ActivityEvent): Promise<void> {
  return repo.insertActivity(db, activityRow(event));
}

/** The row recordActivity stores, for writes that run their INSERT themselves. */
export function activityRow(event: ActivityEvent): NewActivityRow {
  return {
    kind: event.kind,
    actor_id: event.actor.id,
    actor_name: event.actor.name,
    project_id: event.project.id,
    project_name: event.project.name,
    subject_user_id: event.subject?.userId ?? null,
    subject_name: event.subject?.name ?? null,
    role: event.role ?? null,
    created_at: event.at,
  };
}

/** The columns of an activity row, in the order the one-step writes' statements list them. */
const ACTIVITY_COLUMNS = [
  'kind',
  'actor_id',
  'actor_name',
  'project_id',
  'project_name',
  'subject_user_id',
  'subject_name',
  'role',
  'created_at',
] as const satisfies readonly (keyof NewActivityRow)[];

const insertActivityQuery = new PreparedQuery(
  (db: Db, ...values: unknown[]) =>
    db
      .insertInto('activities')
      .values(Object.fromEntries(ACTIVITY_COLUMNS.map((column, index) => [column, values[index]])) as never),
  ACTIVITY_COLUMNS.length,
);

/** recordActivity's INSERT, for writes that run their statements themselves (db/one-step.ts). */
export function activityInsert(db: Db, event: ActivityEvent): CompiledQuery {
  const row = activityRow(event);
  return insertActivityQuery.compiled(db, ...ACTIVITY_COLUMNS.map((column) => row[column]));
}

/** An ActivityEvent some of whose values are SQL expressions (a column of the statement's rows). */
export type ActivityEventSql = {
  [K in keyof ActivityEvent]: ActivityEvent[K] extends infer V
    ? V extends object
      ? { [F in keyof V]: V[F] | RawBuilder<unknown> }
      : V | RawBuilder<unknown>
    : never;
};

/**
 * recordActivity's INSERT inside one statement (PostgreSQL's pipelined writes): one row per row of
 * `from` (`from updated where …`), each value from activityRow, a SQL expression where `event` gives one.
 */
export function activityInsertSelect(
  event: ActivityEventSql,
  from: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const row = activityRow(event as ActivityEvent) as Record<(typeof ACTIVITY_COLUMNS)[number], unknown>;
  return sql`insert into activities (${sql.join(ACTIVITY_COLUMNS.map((column) => sql.ref(column)))})
    select ${sql.join(ACTIVITY_COLUMNS.map((column) => sql`${row[column]}`))} ${from}`;
}

function toActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    kind: row.kind,
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    project_id: row.project_id,
    project_name: row.project_name,
    subject_name: row.subject_name,
    role: row.role,
    created_at: row.created_at,
  };
}

/** The cursor is the last id of a page, opaque to clients. */
function parseCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = parseId(cursor);
  if (id === undefined) throw new AppError('VALIDATION_FAILED');
  return id;
}

export class ActivityService {
  constructor(private readonly deps: { db: Db }) {}

  async feed(userId: number, limit: number, cursor: string | undefined): Promise<ActivityPage> {
    const rows = await repo.listFeed(this.deps.db, userId, limit + 1, parseCursor(cursor));
    const page = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    return { data: page.map(toActivity), next_cursor: hasMore ? String(page.at(-1)?.id) : null };
  }
}

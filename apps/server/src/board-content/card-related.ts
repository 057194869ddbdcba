import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { PreparedQuery } from '../lib/prepared-query.js';

/** What a card shows beside its task row, per task id. */
export interface Related {
  assignees: Map<number, number[]>;
  labels: Map<number, number[]>;
  checklist: Map<number, { total: number; done: number }>;
  comments: Map<number, number>;
  attachments: Map<number, number>;
  commits: Map<number, { id: number; message: string; url: string }>;
}

export function emptyRelated(): Related {
  return {
    assignees: new Map(),
    labels: new Map(),
    checklist: new Map(),
    comments: new Map(),
    attachments: new Map(),
    commits: new Map(),
  };
}

export function push<V>(map: Map<number, V[]>, key: number, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** One row of the union below: which relation (`kind`), the task, and up to two numbers and a commit. */
export interface RelatedRow {
  kind: 'a' | 'c' | 'f' | 'g' | 'k' | 'l';
  task_id: number;
  n: number | string;
  m: number | string | null;
  message: string | null;
  url: string | null;
}

/**
 * The related rows of a few tasks (a write's card or detail) in ONE statement: the six relations
 * as a UNION ALL, where the board-wide load runs six queries in parallel on the pool. Inside a
 * write's transaction those six ran one after the other on its connection: five round trips saved
 * per write on PostgreSQL (docs/performance.md, "Writes"). Ordered so that lists come out sorted
 * (assignees by user, labels by label) and the latest commit comes last. The first select names the
 * column types: PostgreSQL would otherwise type an all-null column as text before it meets a count.
 */
export async function loadRelatedOfTasks(db: Db, taskIds: number[]): Promise<Related> {
  if (taskIds.length === 0) return emptyRelated();
  const { rows } = await relatedOfTasksQuery(taskIds).execute(db);
  return relatedFromRows(rows);
}

/** The statement of loadRelatedOfTasks (non-empty `taskIds`), for writes that send it in a pipeline. */
export function relatedOfTasksQuery(taskIds: number[]) {
  const ids = sql.join(taskIds);
  return sql<RelatedRow>`
    select 'a' as kind, task_id, cast(user_id as bigint) as n, cast(null as bigint) as m,
        cast(null as text) as message, cast(null as text) as url
      from task_assignees where task_id in (${ids})
    union all
    select 'l', task_id, label_id, null, null, null from task_labels where task_id in (${ids})
    union all
    select 'k', task_id, count(*), sum(case when status = 'done' then 1 else 0 end), null, null
      from checklist_items where task_id in (${ids}) group by task_id
    union all
    select 'c', task_id, count(*), null, null, null from comments where task_id in (${ids}) group by task_id
    union all
    select 'f', task_id, count(*), null, null, null from attachments where task_id in (${ids}) group by task_id
    union all
    select 'g', task_id, id, null, message, url from task_commits where task_id in (${ids}) and removed = 0
    order by 1, 2, 3`;
}

/** relatedOfTasksQuery for the one task a write changed, compiled once (lib/prepared-query.ts). */
const relatedOfTaskQuery = new PreparedQuery((_db: Db, taskId: number) => relatedOfTasksQuery([taskId]));

export function relatedOfTask(db: Db, taskId: number) {
  return relatedOfTaskQuery.compiled(db, taskId);
}

export function relatedFromRows(rows: readonly RelatedRow[]): Related {
  const related = emptyRelated();
  for (const row of rows) addRelated(related, row);
  return related;
}

function addRelated(related: Related, row: RelatedRow): void {
  const n = Number(row.n);
  switch (row.kind) {
    case 'a':
      return push(related.assignees, row.task_id, n);
    case 'l':
      return push(related.labels, row.task_id, n);
    case 'k':
      related.checklist.set(row.task_id, { total: n, done: Number(row.m ?? 0) });
      return;
    case 'c':
      related.comments.set(row.task_id, n);
      return;
    case 'f':
      related.attachments.set(row.task_id, n);
      return;
    case 'g':
      related.commits.set(row.task_id, { id: n, message: row.message ?? '', url: row.url ?? '' });
  }
}

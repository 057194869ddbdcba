import type { Commit } from '@teamboard/contract';
import type { Db } from '../../db/database.js';

export const COMMIT_COLUMNS = [
  'commits.id',
  'commits.repository_id',
  'commits.sha',
  'commits.message',
  'commits.url',
  'commits.author_name',
  'commits.user_id',
  'commits.committed_at',
] as const;

/**
 * The project's collected commits, newest first (also of unlinked repositories: their history
 * stays). `q` matches the message, the author or the start of the sha. Keyset cursor
 * `<committed_at>|<id>`.
 */
export async function listProjectCommits(
  db: Db,
  projectId: number,
  options: { q?: string; repositoryId?: number; limit: number; cursor?: { at: string; id: number } },
): Promise<Commit[]> {
  let query = db
    .selectFrom('commits')
    .innerJoin('repositories', 'repositories.id', 'commits.repository_id')
    .select(COMMIT_COLUMNS)
    .where('repositories.project_id', '=', projectId);
  if (options.repositoryId) query = query.where('commits.repository_id', '=', options.repositoryId);
  if (options.q) {
    const like = `%${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const prefix = `${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['commits.message']), 'like', eb.val(like)),
        eb(eb.fn('lower', ['commits.author_name']), 'like', eb.val(like)),
        eb('commits.sha', 'like', eb.val(prefix)),
      ]),
    );
  }
  if (options.cursor) {
    const { at, id } = options.cursor;
    query = query.where((eb) =>
      eb.or([
        eb('commits.committed_at', '<', at),
        eb.and([eb('commits.committed_at', '=', at), eb('commits.id', '<', id)]),
      ]),
    );
  }
  return query
    .orderBy('commits.committed_at', 'desc')
    .orderBy('commits.id', 'desc')
    .limit(options.limit)
    .execute();
}

export function findProjectCommit(db: Db, projectId: number, commitId: number) {
  return db
    .selectFrom('commits')
    .innerJoin('repositories', 'repositories.id', 'commits.repository_id')
    .select(COMMIT_COLUMNS)
    .where('repositories.project_id', '=', projectId)
    .where('commits.id', '=', commitId)
    .executeTakeFirst();
}

/** The task's linked commits, newest link first, each with its collected commit when there is one. */
export function listTaskCommitLinks(db: Db, taskId: number) {
  return db
    .selectFrom('task_commits')
    .leftJoin('commits', 'commits.id', 'task_commits.commit_id')
    .select([
      'task_commits.id as link_id',
      'task_commits.task_id',
      'task_commits.message as link_message',
      'task_commits.url as link_url',
      'task_commits.linked_by',
      'task_commits.created_at as linked_at',
      ...COMMIT_COLUMNS,
    ])
    .where('task_commits.task_id', '=', taskId)
    .where('task_commits.removed', '=', 0)
    .orderBy('commits.committed_at', 'desc')
    .orderBy('task_commits.id', 'desc')
    .execute();
}

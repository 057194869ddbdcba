import { ID_MAX, type Commit, type PullRequest } from '@teamboard/contract';
import type { ProjectAccess } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { listProjectCommits } from './commits.repository.js';

interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** Cursor `<timestamp>|<id>`: keyset pagination over (time desc, id desc). */
function parseCursor(cursor: string | undefined): { at: string; id: number } | undefined {
  if (cursor === undefined) return undefined;
  const [at, id] = cursor.split('|');
  const isValid = at && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(at) && id && /^\d{1,10}$/.test(id);
  if (!isValid || Number(id) > ID_MAX) throw new AppError('VALIDATION_FAILED');
  return { at, id: Number(id) };
}

function page<T extends { id: number }>(rows: T[], limit: number, at: (row: T) => string): Page<T> {
  const more = rows.length > limit;
  const data = more ? rows.slice(0, limit) : rows;
  const last = data.at(-1);
  return { data, next_cursor: more && last ? `${at(last)}|${last.id}` : null };
}

/** The collected history of a project's repositories: commits and pull/merge requests. */
export class CodeHistoryService {
  constructor(private readonly deps: { db: Db }) {}

  async commits(
    access: ProjectAccess,
    query: { q?: string; repository_id?: number; limit: number; cursor?: string },
  ): Promise<Page<Commit>> {
    const rows = await listProjectCommits(this.deps.db, access.project.id, {
      q: query.q || undefined,
      repositoryId: query.repository_id,
      limit: query.limit + 1,
      cursor: parseCursor(query.cursor),
    });
    return page(rows, query.limit, (row) => row.committed_at);
  }

  async pullRequests(
    access: ProjectAccess,
    query: { repository_id?: number; state?: PullRequest['state']; limit: number; cursor?: string },
  ): Promise<Page<PullRequest>> {
    const cursor = parseCursor(query.cursor);
    let select = this.deps.db
      .selectFrom('pull_requests')
      .innerJoin('repositories', 'repositories.id', 'pull_requests.repository_id')
      .selectAll('pull_requests')
      .where('repositories.project_id', '=', access.project.id);
    if (query.repository_id) select = select.where('pull_requests.repository_id', '=', query.repository_id);
    if (query.state) select = select.where('pull_requests.state', '=', query.state);
    if (cursor) {
      select = select.where((eb) =>
        eb.or([
          eb('pull_requests.opened_at', '<', cursor.at),
          eb.and([eb('pull_requests.opened_at', '=', cursor.at), eb('pull_requests.id', '<', cursor.id)]),
        ]),
      );
    }
    const rows = await select
      .orderBy('pull_requests.opened_at', 'desc')
      .orderBy('pull_requests.id', 'desc')
      .limit(query.limit + 1)
      .execute();
    const links = rows.length
      ? await this.deps.db
          .selectFrom('pull_request_tasks')
          .select(['pull_request_id', 'task_id'])
          .where(
            'pull_request_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('task_id')
          .execute()
      : [];
    const pulls: PullRequest[] = rows.map((row) => ({
      id: row.id,
      repository_id: row.repository_id,
      number: row.number,
      title: row.title,
      state: row.state,
      url: row.url,
      branch: row.branch,
      author_login: row.author_login,
      user_id: row.user_id,
      reviewers: JSON.parse(row.reviewers) as PullRequest['reviewers'],
      task_ids: links.filter((link) => link.pull_request_id === row.id).map((link) => link.task_id),
      opened_at: row.opened_at,
      first_review_at: row.first_review_at,
      merged_at: row.merged_at,
      closed_at: row.closed_at,
    }));
    return page(pulls, query.limit, (pull) => pull.opened_at);
  }
}

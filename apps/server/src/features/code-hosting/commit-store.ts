import { branchTaskReferences, taskReferences } from '@teamboard/contract';
import { taskCardChanged } from '../../board-content/board-content.js';
import type { Db } from '../../db/database.js';
import type { BoardEventDraft } from '../../realtime/publisher.js';
import type { AuthorMap } from './authors.js';
import type { RemoteCommit, RemotePullRequest } from './providers/provider.js';

/** Rows per insert: 11 columns × 200 stays far below SQLite's 32,766 bound variables. */
const INSERT_CHUNK = 200;

export interface StoreContext {
  repositoryId: number;
  projectId: number;
  authors: AuthorMap;
  now: string;
}

/**
 * Stores one page of commits: new ones inserted (a commit seen before, on another branch or in an
 * earlier sync, is skipped by the unique pair), each new one linked to the project's tasks its
 * message names. Cards of the tasks that gained a commit get a new board version; their events are
 * returned for after commit.
 */
export async function storeCommits(
  trx: Db,
  context: StoreContext,
  commits: RemoteCommit[],
): Promise<BoardEventDraft[]> {
  const inserted: { id: number; message: string; url: string | null }[] = [];
  for (let start = 0; start < commits.length; start += INSERT_CHUNK) {
    const rows = commits.slice(start, start + INSERT_CHUNK).map((commit) => ({
      repository_id: context.repositoryId,
      sha: commit.sha,
      message: commit.message,
      url: commit.url,
      author_name: commit.author_name,
      author_email: commit.author_email,
      author_login: commit.author_login,
      user_id: context.authors.userOf({
        login: commit.author_login,
        email: commit.author_email,
        name: commit.author_name,
      }),
      committed_at: commit.committed_at,
      created_at: context.now,
    }));
    inserted.push(
      ...(await trx
        .insertInto('commits')
        .values(rows)
        .onConflict((oc) => oc.columns(['repository_id', 'sha']).doNothing())
        .returning(['id', 'message', 'url'])
        .execute()),
    );
  }
  const mentions = inserted.flatMap((commit) =>
    taskReferences(commit.message).map((taskId) => ({ commit, taskId })),
  );
  if (mentions.length === 0) return [];
  const tasks = new Set(
    await projectTasks(
      trx,
      context.projectId,
      mentions.map((mention) => mention.taskId),
    ),
  );
  const links = mentions
    .filter((mention) => tasks.has(mention.taskId))
    .map(({ commit, taskId }) => ({
      task_id: taskId,
      commit_id: commit.id,
      message: commit.message,
      url: commit.url,
      linked_by: 'message' as const,
      created_at: context.now,
    }));
  const linked = new Set<number>();
  for (let start = 0; start < links.length; start += INSERT_CHUNK) {
    const rows = await trx
      .insertInto('task_commits')
      .values(links.slice(start, start + INSERT_CHUNK))
      .onConflict((oc) => oc.columns(['task_id', 'commit_id']).doNothing())
      .returning('task_id')
      .execute();
    for (const row of rows) linked.add(row.task_id);
  }
  return cardEvents(trx, [...linked]);
}

/** Inserts or refreshes one page of pull requests and the tasks their title, body and branch name. */
export async function storePullRequests(
  trx: Db,
  context: StoreContext,
  pulls: RemotePullRequest[],
): Promise<void> {
  for (const pull of pulls) {
    const reviewed = pull.reviewers
      .map((review) => review.submitted_at)
      .filter((at): at is string => at !== null);
    const values = {
      title: pull.title,
      body: pull.body,
      state: pull.state,
      url: pull.url,
      branch: pull.branch,
      author_login: pull.author_login,
      user_id: pull.author_login
        ? context.authors.userOf({ login: pull.author_login, email: '', name: pull.author_login })
        : null,
      reviewers: JSON.stringify(pull.reviewers),
      opened_at: pull.created_at,
      updated_at: pull.updated_at,
      first_review_at: reviewed.length > 0 ? reviewed.sort()[0]! : null,
      merged_at: pull.merged_at,
      closed_at: pull.closed_at,
    };
    const { id } = await trx
      .insertInto('pull_requests')
      .values({ repository_id: context.repositoryId, number: pull.number, ...values })
      .onConflict((oc) => oc.columns(['repository_id', 'number']).doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    const mentioned = [
      ...taskReferences(`${pull.title}\n${pull.body}`),
      ...branchTaskReferences(pull.branch),
    ];
    const taskIds = await projectTasks(trx, context.projectId, mentioned);
    await trx.deleteFrom('pull_request_tasks').where('pull_request_id', '=', id).execute();
    if (taskIds.length > 0) {
      await trx
        .insertInto('pull_request_tasks')
        .values([...new Set(taskIds)].map((taskId) => ({ pull_request_id: id, task_id: taskId })))
        .execute();
    }
  }
}

/** Which of `ids` are tasks of the project (a `#42` of another project links nothing). */
async function projectTasks(db: Db, projectId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found: number[] = [];
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await db
      .selectFrom('tasks')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', 'in', unique.slice(start, start + 500))
      .execute();
    found.push(...rows.map((row) => row.id));
  }
  return found;
}

async function cardEvents(trx: Db, taskIds: number[]): Promise<BoardEventDraft[]> {
  const events: BoardEventDraft[] = [];
  for (const taskId of taskIds.sort((a, b) => a - b)) events.push(await taskCardChanged(trx, taskId));
  return events;
}

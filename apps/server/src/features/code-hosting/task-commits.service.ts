import type { LinkCommitInput, TaskCommitLink, TaskDetail } from '@teamboard/contract';
import type { ProjectAccess } from '../../access/access.js';
import {
  requireTask,
  taskCardChanged,
  toDetail,
  transactWithEvents,
} from '../../board-content/board-content.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import type { UserRow } from '../../users/users.js';
import { touchTask, writeTaskLogs } from '../tasks/tasks.service.js';
import { findProjectCommit, listTaskCommitLinks } from './commits.repository.js';

type LinkInput = LinkCommitInput | { commit_id: number };

/**
 * The commits section of a task: its linked commits (found in messages by a sync, or linked by hand
 * by anyone who may edit the task), linking one by hand (a collected commit, or any commit address
 * as SPEC §4's link) and unlinking one. Every change is logged on the task and is one board version
 * (the card shows the latest commit).
 */
export class TaskCommitsService {
  constructor(private readonly deps: { db: Db; clock: Clock; realtime: RealtimePublisher }) {}

  async list(access: ProjectAccess, taskId: number): Promise<TaskCommitLink[]> {
    await requireTask(this.deps.db, access.project.id, taskId);
    const rows = await listTaskCommitLinks(this.deps.db, taskId);
    return rows.map((row) => ({
      id: row.link_id,
      task_id: row.task_id,
      message: row.link_message,
      url: row.link_url,
      linked_by: row.linked_by,
      created_at: row.linked_at,
      commit:
        row.id === null
          ? null
          : {
              id: row.id,
              repository_id: row.repository_id!,
              sha: row.sha!,
              message: row.message!,
              url: row.url,
              author_name: row.author_name!,
              user_id: row.user_id,
              committed_at: row.committed_at!,
            },
    }));
  }

  async link(user: UserRow, access: ProjectAccess, taskId: number, input: LinkInput): Promise<TaskDetail> {
    const now = this.deps.clock.now().toISOString();
    return transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      const task = await requireTask(trx, access.project.id, taskId);
      const link =
        'commit_id' in input
          ? await this.collected(trx, access, input.commit_id)
          : { ...input, commit_id: null };
      const existing =
        link.commit_id === null
          ? undefined
          : await trx
              .selectFrom('task_commits')
              .select(['id', 'removed'])
              .where('task_id', '=', task.id)
              .where('commit_id', '=', link.commit_id)
              .executeTakeFirst();
      if (existing) {
        await trx
          .updateTable('task_commits')
          .set({ removed: 0, linked_by: 'hand', user_id: user.id })
          .where('id', '=', existing.id)
          .execute();
      } else {
        await trx
          .insertInto('task_commits')
          .values({ task_id: task.id, ...link, linked_by: 'hand', user_id: user.id, created_at: now })
          .execute();
      }
      await touchTask(trx, task.id, now);
      await writeTaskLogs(trx, user, now, [
        { task_id: task.id, field: 'commit', old_value: null, new_value: link.url ?? link.message },
      ]);
      events.push(await taskCardChanged(trx, task.id));
      return toDetail(trx, { ...task, updated_at: now });
    });
  }

  /** Unlinks one (kept as removed, so a later sync does not link it again). */
  async unlink(user: UserRow, access: ProjectAccess, linkId: number): Promise<void> {
    await this.change(user, access, { linkId }, 'unlink');
  }

  /** DELETE /api/tasks/:id/commits, SPEC §4's "cleared": every commit of the task unlinked. */
  async clear(user: UserRow, access: ProjectAccess, taskId: number): Promise<TaskDetail> {
    return this.change(user, access, { taskId }, 'clear');
  }

  private async change(
    user: UserRow,
    access: ProjectAccess,
    target: { linkId: number } | { taskId: number },
    kind: 'unlink' | 'clear',
  ): Promise<TaskDetail> {
    const now = this.deps.clock.now().toISOString();
    return transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      const links = await trx
        .selectFrom('task_commits')
        .innerJoin('tasks', 'tasks.id', 'task_commits.task_id')
        .select(['task_commits.id', 'task_commits.task_id', 'task_commits.url', 'task_commits.message'])
        .where('tasks.project_id', '=', access.project.id)
        .where('task_commits.removed', '=', 0)
        .where(
          'linkId' in target ? 'task_commits.id' : 'task_commits.task_id',
          '=',
          'linkId' in target ? target.linkId : target.taskId,
        )
        .execute();
      const taskId = 'taskId' in target ? target.taskId : links[0]?.task_id;
      if (taskId === undefined) throw new AppError('NOT_FOUND');
      const task = await requireTask(trx, access.project.id, taskId);
      if (links.length > 0) {
        await trx
          .updateTable('task_commits')
          .set({ removed: 1, user_id: user.id })
          .where(
            'id',
            'in',
            links.map((l) => l.id),
          )
          .execute();
        await touchTask(trx, task.id, now);
        await writeTaskLogs(
          trx,
          user,
          now,
          links.map((link) => ({
            task_id: task.id,
            field: 'commit',
            old_value: link.url ?? link.message,
            new_value: null,
          })),
        );
        events.push(await taskCardChanged(trx, task.id));
      } else if (kind === 'unlink') {
        throw new AppError('NOT_FOUND');
      }
      return toDetail(trx, links.length > 0 ? { ...task, updated_at: now } : task);
    });
  }

  private async collected(trx: Db, access: ProjectAccess, commitId: number) {
    const commit = await findProjectCommit(trx, access.project.id, commitId);
    if (!commit) throw new AppError('NOT_FOUND');
    return { commit_id: commit.id, message: commit.message, url: commit.url };
  }
}

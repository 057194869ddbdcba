import { bumpBoardOfTask } from '../boards/board-versions.js';
import { can, type Comment, type CommentInput } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { AVATAR_URL_PREFIX } from '../auth/auth.service.js';
import type { UserRow } from '../auth/auth.service.js';
import type { ProjectAccess } from '../projects/projects.service.js';
import { requireTask } from '../tasks/tasks.service.js';
import * as repo from './comments.repository.js';

/** The Markdown text exactly as written: rendering it inert is the client's job (no raw HTML). */
function toComment(row: repo.CommentRecord): Comment {
  return {
    id: row.id,
    text: row.text,
    created_at: row.created_at,
    updated_at: row.updated_at,
    user_id: row.user_id,
    user_name: row.user_name,
    user_image: row.image_key ? AVATAR_URL_PREFIX + row.image_key : null,
    task_id: row.task_id,
  };
}

export class CommentsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(access: ProjectAccess, taskId: number): Promise<Comment[]> {
    await this.task(access, taskId);
    return (await repo.listComments(this.deps.db, taskId)).map(toComment);
  }

  async create(user: UserRow, access: ProjectAccess, taskId: number, input: CommentInput): Promise<Comment> {
    await this.task(access, taskId);
    const now = this.deps.clock.now().toISOString();
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const inserted = await repo.insertComment(trx, {
        task_id: taskId,
        user_id: user.id,
        text: input.text,
        created_at: now,
        updated_at: now,
      });
      await bumpBoardOfTask(trx, taskId);
      return inserted;
    });
    return toComment((await repo.findComment(this.deps.db, access.project.id, id))!);
  }

  async update(user: UserRow, access: ProjectAccess, id: number, input: CommentInput): Promise<Comment> {
    const comment = await this.editable(user, access, id);
    await repo.updateComment(this.deps.db, comment.id, {
      text: input.text,
      updated_at: this.deps.clock.now().toISOString(),
    });
    return toComment((await repo.findComment(this.deps.db, access.project.id, id))!);
  }

  async remove(user: UserRow, access: ProjectAccess, id: number): Promise<void> {
    const comment = await this.editable(user, access, id);
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.deleteComment(trx, comment.id);
      await bumpBoardOfTask(trx, comment.task_id);
    });
  }

  /** Own comment (the route already required work.edit), anyone's with work.moderate. */
  private async editable(user: UserRow, access: ProjectAccess, id: number) {
    const comment = await repo.findComment(this.deps.db, access.project.id, id);
    if (!comment) throw new AppError('NOT_FOUND');
    if (comment.user_id !== user.id && !can(access.role, 'work.moderate')) throw new AppError('FORBIDDEN');
    return comment;
  }

  private async task(access: ProjectAccess, taskId: number) {
    await requireTask(this.deps.db, access.project.id, taskId);
  }
}

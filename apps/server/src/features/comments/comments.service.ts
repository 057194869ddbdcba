import {
  bumpBoardOfTask,
  currentCard,
  requireTask,
  transactWithEvents,
} from '../../board-content/board-content.js';
import type { BoardEventDraft, RealtimePublisher } from '../../realtime/publisher.js';
import { can, type Comment, type CommentInput } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { AVATAR_URL_PREFIX } from '../../users/users.js';
import type { UserRow } from '../../users/users.js';
import type { ProjectAccess } from '../../access/access.js';
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

/**
 * The event of a written comment, with the card after it (its comments_count). A comment edit
 * changes no card, but it is still one board version: every event is one step of the sequence.
 */
async function commentEvent(
  db: Db,
  type: 'comment.created' | 'comment.updated',
  comment: Comment,
): Promise<BoardEventDraft> {
  const { boardId, version } = await bumpBoardOfTask(db, comment.task_id);
  const task = await currentCard(db, comment.task_id);
  return { type, board_id: boardId, seq: version, data: { comment, task } };
}

export class CommentsService {
  constructor(private readonly deps: { db: Db; clock: Clock; realtime: RealtimePublisher }) {}

  async list(access: ProjectAccess, taskId: number): Promise<Comment[]> {
    await this.task(access, taskId);
    return (await repo.listComments(this.deps.db, taskId)).map(toComment);
  }

  async create(user: UserRow, access: ProjectAccess, taskId: number, input: CommentInput): Promise<Comment> {
    await this.task(access, taskId);
    const now = this.deps.clock.now().toISOString();
    return transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      const id = await repo.insertComment(trx, {
        task_id: taskId,
        user_id: user.id,
        text: input.text,
        created_at: now,
        updated_at: now,
      });
      const comment = toComment((await repo.findComment(trx, access.project.id, id))!);
      events.push(await commentEvent(trx, 'comment.created', comment));
      return comment;
    });
  }

  async update(user: UserRow, access: ProjectAccess, id: number, input: CommentInput): Promise<Comment> {
    const comment = await this.editable(user, access, id);
    return transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      await repo.updateComment(trx, comment.id, {
        text: input.text,
        updated_at: this.deps.clock.now().toISOString(),
      });
      const updated = toComment((await repo.findComment(trx, access.project.id, id))!);
      events.push(await commentEvent(trx, 'comment.updated', updated));
      return updated;
    });
  }

  async remove(user: UserRow, access: ProjectAccess, id: number): Promise<void> {
    const comment = await this.editable(user, access, id);
    await transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      await repo.deleteComment(trx, comment.id);
      const { boardId, version } = await bumpBoardOfTask(trx, comment.task_id);
      const task = await currentCard(trx, comment.task_id);
      events.push({
        type: 'comment.deleted',
        board_id: boardId,
        seq: version,
        data: { comment_id: comment.id, task },
      });
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

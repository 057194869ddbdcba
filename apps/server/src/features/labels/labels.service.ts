import {
  bumpProjectBoards,
  listProjectLabels,
  toLabel,
  transactWithEvents,
  type LabelRow,
} from '../../board-content/board-content.js';
import type { ProjectAccess } from '../../access/access.js';
import type { BoardEventDraft, RealtimePublisher } from '../../realtime/publisher.js';
import type { CreateLabelInput, Label, UpdateLabelInput } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './labels.repository.js';

type LabelChange = Extract<BoardEventDraft, { type: `label.${string}` }>;

/** Project labels show on every board: each board gets a new version and its own event. */
async function everyBoard(
  db: Db,
  projectId: number,
  change: Omit<LabelChange, 'board_id' | 'seq'>,
): Promise<BoardEventDraft[]> {
  const boards = await bumpProjectBoards(db, projectId);
  return boards.map((board) => ({ ...change, board_id: board.id, seq: board.version }) as LabelChange);
}

/**
 * The same labels in each of `projectIds`, as given (a roster import stamps its template on a
 * course's new projects, which have no board yet to announce them to): a few INSERTs in the caller's
 * transaction.
 */
export async function addLabelsToProjects(
  db: Db,
  projectIds: number[],
  labels: { name: string; color: string }[],
): Promise<void> {
  await repo.insertLabels(
    db,
    projectIds.flatMap((project_id) => labels.map((label) => ({ project_id, ...label }))),
  );
}

export class LabelsService {
  constructor(private readonly deps: { db: Db; realtime: RealtimePublisher }) {}

  async list(access: ProjectAccess): Promise<Label[]> {
    return listProjectLabels(this.deps.db, access.project.id);
  }

  async create(access: ProjectAccess, input: CreateLabelInput): Promise<Label> {
    return transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      const label = toLabel(
        await repo.insertLabel(trx, {
          project_id: access.project.id,
          name: input.name,
          color: input.color.toLowerCase(),
        }),
      );
      events.push(...(await everyBoard(trx, access.project.id, { type: 'label.created', data: { label } })));
      return label;
    });
  }

  async update(access: ProjectAccess, id: number, input: UpdateLabelInput): Promise<Label> {
    await this.find(access, id);
    const changes: { name?: string; color?: string } = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.color !== undefined) changes.color = input.color.toLowerCase();
    if (Object.keys(changes).length === 0) return toLabel(await this.find(access, id));
    return transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      const label = toLabel(await repo.updateLabel(trx, id, changes));
      events.push(...(await everyBoard(trx, access.project.id, { type: 'label.updated', data: { label } })));
      return label;
    });
  }

  async remove(access: ProjectAccess, id: number): Promise<void> {
    await this.find(access, id);
    await transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      await repo.deleteLabel(trx, id);
      events.push(
        ...(await everyBoard(trx, access.project.id, { type: 'label.deleted', data: { label_id: id } })),
      );
    });
  }

  private async find(access: ProjectAccess, id: number): Promise<LabelRow> {
    const row = await repo.findLabel(this.deps.db, access.project.id, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}

import { bumpProjectBoards } from '../boards/board-versions.js';
import type { CreateLabelInput, Label, UpdateLabelInput } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { ProjectAccess } from '../projects/projects.service.js';
import * as repo from './labels.repository.js';
import type { LabelRow } from './labels.table.js';

export function toLabel(row: LabelRow): Label {
  return { id: row.id, name: row.name, color: row.color.toLowerCase(), project_id: row.project_id };
}

/** Every id must be a label of the project (422 otherwise). Duplicates are dropped. */
export async function assertProjectLabels(db: Db, projectId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if ((await repo.countProjectLabels(db, projectId, unique)) !== unique.length) {
    throw new AppError('VALIDATION_FAILED');
  }
  return unique;
}

/** The project's labels (the board view sends them along). */
export async function listProjectLabels(db: Db, projectId: number): Promise<Label[]> {
  return (await repo.listLabels(db, projectId)).map(toLabel);
}

export class LabelsService {
  constructor(private readonly deps: { db: Db }) {}

  async list(access: ProjectAccess): Promise<Label[]> {
    return (await repo.listLabels(this.deps.db, access.project.id)).map(toLabel);
  }

  async create(access: ProjectAccess, input: CreateLabelInput): Promise<Label> {
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await repo.insertLabel(trx, {
        project_id: access.project.id,
        name: input.name,
        color: input.color.toLowerCase(),
      });
      await bumpProjectBoards(trx, access.project.id);
      return toLabel(row);
    });
  }

  async update(access: ProjectAccess, id: number, input: UpdateLabelInput): Promise<Label> {
    await this.find(access, id);
    const changes: { name?: string; color?: string } = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.color !== undefined) changes.color = input.color.toLowerCase();
    if (Object.keys(changes).length === 0) return toLabel(await this.find(access, id));
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await repo.updateLabel(trx, id, changes);
      await bumpProjectBoards(trx, access.project.id);
      return toLabel(row);
    });
  }

  async remove(access: ProjectAccess, id: number): Promise<void> {
    await this.find(access, id);
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.deleteLabel(trx, id);
      await bumpProjectBoards(trx, access.project.id);
    });
  }

  private async find(access: ProjectAccess, id: number): Promise<LabelRow> {
    const row = await repo.findLabel(this.deps.db, access.project.id, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}

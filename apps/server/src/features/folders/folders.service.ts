import {
  DEFAULT_FOLDER_NAME,
  type CreateFolderInput,
  type Folder,
  type UpdateFolderInput,
} from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import * as repo from './folders.repository.js';
import type { FolderRow } from './folders.table.js';

export function toFolder(row: FolderRow): Folder {
  return {
    id: row.id,
    name: row.name,
    is_archived: row.is_archived === 1,
    is_default: row.is_default === 1,
  };
}

export interface FoldersDeps {
  db: Db;
  clock: Clock;
}

/** Folders are per user; every user has exactly one default folder, created at first need. */
/** Where a project is filed for a user: what projects and invitations need of folders. */
export interface ProjectFolders {
  /** The user's own folder `id`, or 404. */
  ownFolder(userId: number, id: number, db?: Db): Promise<{ id: number; is_archived: number }>;
  /** The user's default folder, created on first use. */
  defaultFolder(userId: number, db?: Db): Promise<{ id: number }>;
}

export class FoldersService implements ProjectFolders {
  constructor(private readonly deps: FoldersDeps) {}

  async list(userId: number): Promise<Folder[]> {
    await this.defaultFolder(userId);
    return (await repo.listFolders(this.deps.db, userId)).map(toFolder);
  }

  async create(userId: number, input: CreateFolderInput): Promise<Folder> {
    await this.defaultFolder(userId);
    const folder = await repo.insertFolder(this.deps.db, {
      user_id: userId,
      name: input.name,
      created_at: this.deps.clock.now().toISOString(),
    });
    return toFolder(folder);
  }

  async update(userId: number, id: number, input: UpdateFolderInput): Promise<Folder> {
    const folder = await this.ownFolder(userId, id);
    if (folder.is_default === 1 && (input.is_archived === true || input.name !== undefined)) {
      throw new AppError('DEFAULT_FOLDER_LOCKED');
    }
    const changes: { name?: string; is_archived?: number } = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.is_archived !== undefined) changes.is_archived = input.is_archived ? 1 : 0;
    if (Object.keys(changes).length === 0) return toFolder(folder);
    return toFolder(await repo.updateFolder(this.deps.db, id, changes));
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const folder = await repo.findFolderOfUser(trx, userId, id);
      if (!folder) throw new AppError('NOT_FOUND');
      if (folder.is_default === 1) throw new AppError('DEFAULT_FOLDER_LOCKED');
      if (await repo.folderHasProjects(trx, id)) throw new AppError('FOLDER_NOT_EMPTY');
      await repo.deleteFolder(trx, id);
    });
  }

  /** The user's default folder, created if it does not exist yet (safe against a concurrent first call). */
  async defaultFolder(userId: number, db: Db = this.deps.db): Promise<FolderRow> {
    const existing = await repo.findDefaultFolder(db, userId);
    if (existing) return existing;
    try {
      return await repo.insertFolder(db, {
        user_id: userId,
        name: DEFAULT_FOLDER_NAME,
        is_default: 1,
        created_at: this.deps.clock.now().toISOString(),
      });
    } catch (error) {
      const raced = await repo.findDefaultFolder(db, userId);
      if (!raced) throw error;
      return raced;
    }
  }

  /** One of the user's folders, or 404 (another user's folder does not exist for them). */
  async ownFolder(userId: number, id: number, db: Db = this.deps.db): Promise<FolderRow> {
    const folder = await repo.findFolderOfUser(db, userId, id);
    if (!folder) throw new AppError('NOT_FOUND');
    return folder;
  }
}

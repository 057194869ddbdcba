import type {
  Board,
  BoardDetail,
  Column,
  CreateBoardInput,
  CreateColumnInput,
  UpdateBoardInput,
  UpdateColumnInput,
} from '@teamboard/contract';
import type { AppDatabase } from '../../db/app-database.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { StampedMemory } from '../../lib/stamped-memory.js';
import { rememberProjectOf, type ProjectAccess } from '../../access/access.js';
import { VERSION } from '../../version.js';
import type { BoardEventDraft, RealtimePublisher } from '../../realtime/publisher.js';
import { BoardDetailCache } from './board-detail-cache.js';
import {
  assertProjectLabels,
  boardCards,
  boardProjects,
  bumpBoardVersion,
  findBoard,
  findBoardVersion,
  findColumn,
  listProjectLabels,
  type StoredFiles,
} from '../../board-content/board-content.js';
import { rebalanceIfCrowded } from '../../lib/rebalance.js';
import type { UserRow } from '../../users/users.js';
import { recordActivity } from '../activity/activity.service.js';
import * as repo from './boards.repository.js';
import type { BoardRow, ColumnRow } from './boards.table.js';

/** A board a template stamps: its name and its columns' names, in order. */
export interface StampedBoard {
  name: string;
  columns: { name: string }[];
}

/**
 * The same boards, with their columns, in each of `projectIds` (a roster import stamps its template
 * on a course's projects): a few INSERTs inside the caller's transaction, positions in the order given.
 */
export async function addBoardsToProjects(
  db: Db,
  projectIds: number[],
  boards: StampedBoard[],
  at: string,
): Promise<void> {
  const inserted = await repo.insertBoards(
    db,
    projectIds.flatMap((project_id) =>
      boards.map((board, index) => ({
        project_id,
        name: board.name,
        description: '',
        position: index + 1,
        created_at: at,
        updated_at: at,
      })),
    ),
  );
  const columns = inserted.flatMap((row) =>
    boards[Number(row.position) - 1]!.columns.map((column, index) => ({
      board_id: row.id,
      name: column.name,
      position: index + 1,
    })),
  );
  await repo.insertColumns(db, columns);
}

export interface BoardsDeps {
  database: AppDatabase;
  db: Db;
  clock: Clock;
  attachments: StoredFiles;
  realtime: RealtimePublisher;
}

function toBoard(row: BoardRow, labelIds: number[]): Board {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    position: row.position,
    labels: labelIds,
    project_id: row.project_id,
  };
}

function toColumn(row: ColumnRow): Column {
  return { id: row.id, name: row.name, position: row.position, board_id: row.board_id };
}

/**
 * The board's ETag, and its serialized detail (the response body in UTF-8) unless the caller already
 * has that version (null).
 */
export interface SerializedBoard {
  body: Buffer | null;
  etag: string;
}

/** The board version (bumped by every write that changes the detail) and the server build. */
function boardEtag(board: Pick<BoardRow, 'id' | 'version'>): string {
  return `"${board.id}-${board.version}-${VERSION}"`;
}

export class BoardsService {
  private readonly detailCache = new BoardDetailCache();
  /**
   * Each board's row as GET /api/boards/:id last read it, until a change to the board is announced
   * (its committed event here, or another instance's through the stamp relay): an unchanged board is
   * answered 304, or from the saved copy, with no query at all.
   */
  private readonly boardRows: StampedMemory<number, BoardRow>;

  constructor(private readonly deps: BoardsDeps) {
    this.boardRows = new StampedMemory(deps.database.stamps, 'board');
  }

  async list(access: ProjectAccess): Promise<Board[]> {
    const rows = await repo.listBoards(this.deps.db, access.project.id);
    const links = await repo.listBoardLabels(
      this.deps.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toBoard(
        row,
        links.filter((l) => l.board_id === row.id).map((l) => l.label_id),
      ),
    );
  }

  async create(actor: UserRow, access: ProjectAccess, input: CreateBoardInput): Promise<Board> {
    const now = this.nowIso();
    return this.deps.db.transaction().execute(async (trx) => {
      const labelIds = await assertProjectLabels(trx, access.project.id, input.labels ?? []);
      const board = await repo.insertBoard(trx, {
        project_id: access.project.id,
        name: input.name,
        description: input.description ?? '',
        position: await repo.nextBoardPosition(trx, access.project.id),
        created_at: now,
        updated_at: now,
      });
      await repo.replaceBoardLabels(trx, board.id, labelIds);
      await recordActivity(trx, {
        kind: 'board.created',
        actor,
        project: access.project,
        subject: { userId: null, name: board.name },
        at: now,
      });
      return toBoard(
        board,
        labelIds.sort((a, b) => a - b),
      );
    });
  }

  /**
   * A committed write's event: what is remembered of the board's row is dropped (on every instance)
   * and its saved copy is brought forward with the event.
   */
  boardChanged(event: BoardEventDraft): void {
    // A card's or a label's change sets only the board row's version: the next read (the first load
    // after a change) need not ask the database for the row this instance just bumped. The board's
    // own and its columns' events change more of it (name, updated_at): read again.
    const { board_id: boardId, seq, type } = event;
    const setsOnlyVersion = !type.startsWith('board.') && !type.startsWith('column.');
    this.boardRows.changedHere(boardId, boardId, (row) =>
      setsOnlyVersion && row.version === seq - 1 ? { ...row, version: seq } : undefined,
    );
    this.detailCache.advance(event);
  }

  /**
   * The whole board: one query per table whatever the number of tasks. When `isFresh(etag)` the
   * caller already has this version: no body (304), and no query while the board is unchanged.
   */
  async detail(
    access: ProjectAccess,
    boardId: number,
    isFresh: (etag: string) => boolean = () => false,
  ): Promise<SerializedBoard> {
    const db = this.deps.db;
    // Read before the rest: the body is then at least as new as the version its ETag names.
    const board = await this.rememberedBoard(access, boardId);
    const etag = boardEtag(board);
    if (isFresh(etag)) return { body: null, etag };
    const cached = this.detailCache.get(board.id, board.version);
    if (cached) return { body: cached, etag };
    const [links, columns, tasks, projectLabels] = await Promise.all([
      repo.listBoardLabels(db, [board.id]),
      repo.listColumns(db, board.id),
      boardCards(db, board.id),
      listProjectLabels(db, access.project.id),
    ]);
    // A task never leaves its board's project: whoever moves a card they see here skips its lookup.
    rememberProjectOf(
      this.deps.database,
      'tasks',
      tasks.map((task) => task.id),
      access.project.id,
    );
    const detail: BoardDetail = {
      board: toBoard(
        board,
        links.map((link) => link.label_id),
      ),
      version: board.version,
      columns: columns.map(toColumn),
      tasks,
      labels: projectLabels,
    };
    const body = Buffer.from(JSON.stringify({ data: detail }));
    // Kept only if no write landed while the parts were read: then the body is exactly this version.
    if ((await findBoardVersion(db, board.id))?.version === board.version) {
      this.detailCache.set(board.id, board.version, body);
    }
    return { body, etag };
  }

  async update(access: ProjectAccess, boardId: number, input: UpdateBoardInput): Promise<Board> {
    const now = this.nowIso();
    const { board, seq } = await this.deps.db.transaction().execute(async (trx) => {
      await this.board(trx, access, boardId);
      if (input.labels !== undefined) {
        await repo.replaceBoardLabels(
          trx,
          boardId,
          await assertProjectLabels(trx, access.project.id, input.labels),
        );
      }
      const { labels: _labels, ...changes } = input;
      await repo.updateBoard(trx, boardId, { ...changes, updated_at: now });
      // Other boards' tabs keep their order when renumbered; their new keys arrive with the next list.
      if (input.position !== undefined) {
        await rebalanceIfCrowded(trx, {
          table: 'boards',
          key: 'position',
          scope: { project_id: access.project.id },
        });
      }
      const board = (await findBoard(trx, access.project.id, boardId))!;
      const links = await repo.listBoardLabels(trx, [board.id]);
      const seq = await bumpBoardVersion(trx, board.id);
      return {
        board: toBoard(
          board,
          links.map((link) => link.label_id),
        ),
        seq,
      };
    });
    this.deps.realtime.board({ type: 'board.updated', board_id: board.id, seq, data: { board } });
    return board;
  }

  /** Columns and tasks go with it; their files are removed once the delete has committed. */
  async remove(actor: UserRow, access: ProjectAccess, boardId: number): Promise<void> {
    const { keys, lastVersion } = await this.deps.db.transaction().execute(async (trx) => {
      const board = await this.board(trx, access, boardId);
      const stored = await this.deps.attachments.storedKeys(trx, { boardId });
      await repo.deleteBoard(trx, boardId);
      await recordActivity(trx, {
        kind: 'board.deleted',
        actor,
        project: access.project,
        subject: { userId: null, name: board.name },
        at: this.nowIso(),
      });
      return { keys: stored, lastVersion: board.version };
    });
    boardProjects(this.deps.database).forget(boardId);
    this.deps.realtime.board({ type: 'board.deleted', board_id: boardId, seq: lastVersion + 1, data: {} });
    await this.deps.attachments.removeFiles(keys);
  }

  async createColumn(access: ProjectAccess, boardId: number, input: CreateColumnInput): Promise<Column> {
    const { column, seq, renumbered } = await this.deps.db.transaction().execute(async (trx) => {
      const board = await this.board(trx, access, boardId);
      const inserted = await repo.insertColumn(trx, {
        board_id: board.id,
        name: input.name,
        position: input.position ?? (await repo.nextColumnPosition(trx, board.id)),
      });
      const renumbered = await this.renumberCrowdedColumns(trx, board.id, inserted.id);
      const column = toColumn((await repo.findColumnById(trx, inserted.id)) ?? inserted);
      return { column, seq: await this.touch(trx, board.id), renumbered };
    });
    this.deps.realtime.board({ type: 'column.created', board_id: column.board_id, seq, data: { column } });
    this.publishColumnMoves(renumbered);
    return column;
  }

  async updateColumn(access: ProjectAccess, columnId: number, input: UpdateColumnInput): Promise<Column> {
    const { column, seq, renumbered } = await this.deps.db.transaction().execute(async (trx) => {
      const column = await this.column(trx, access, columnId);
      if (input.name === undefined && input.position === undefined)
        return { column: toColumn(column), seq: null, renumbered: [] };
      await repo.updateColumn(trx, column.id, input);
      const renumbered =
        input.position === undefined
          ? []
          : await this.renumberCrowdedColumns(trx, column.board_id, column.id);
      const updated = toColumn((await repo.findColumnById(trx, column.id))!);
      return { column: updated, seq: await this.touch(trx, column.board_id), renumbered };
    });
    if (seq !== null) {
      const type = input.position === undefined ? 'column.updated' : 'column.moved';
      this.deps.realtime.board({ type, board_id: column.board_id, seq, data: { column } });
      this.publishColumnMoves(renumbered);
    }
    return column;
  }

  /**
   * A client-chosen position that left no room between some columns renumbers the board's columns
   * (same order). Each other column that moved gets its own version and column.moved event, so
   * every client's copy keeps the order; `except` is announced by the caller.
   */
  private async renumberCrowdedColumns(
    db: Db,
    boardId: number,
    except: number,
  ): Promise<{ column: Column; seq: number }[]> {
    const changed = await rebalanceIfCrowded(db, {
      table: 'columns',
      key: 'position',
      scope: { board_id: boardId },
    });
    const moved: { column: Column; seq: number }[] = [];
    for (const id of changed.filter((columnId) => columnId !== except)) {
      const row = await repo.findColumnById(db, id);
      if (row) moved.push({ column: toColumn(row), seq: await bumpBoardVersion(db, boardId) });
    }
    return moved;
  }

  private publishColumnMoves(moves: { column: Column; seq: number }[]): void {
    for (const { column, seq } of moves) {
      this.deps.realtime.board({ type: 'column.moved', board_id: column.board_id, seq, data: { column } });
    }
  }

  async removeColumn(access: ProjectAccess, columnId: number): Promise<void> {
    const { keys, boardId, seq } = await this.deps.db.transaction().execute(async (trx) => {
      const column = await this.column(trx, access, columnId);
      const stored = await this.deps.attachments.storedKeys(trx, { columnId: column.id });
      await repo.deleteColumn(trx, column.id);
      return { keys: stored, boardId: column.board_id, seq: await this.touch(trx, column.board_id) };
    });
    this.deps.realtime.board({
      type: 'column.deleted',
      board_id: boardId,
      seq,
      data: { column_id: columnId },
    });
    await this.deps.attachments.removeFiles(keys);
  }

  /** Last statement of a column write: updated_at and the detail's version (returned). */
  private async touch(db: Db, boardId: number): Promise<number> {
    await repo.updateBoard(db, boardId, { updated_at: this.nowIso() });
    return bumpBoardVersion(db, boardId);
  }

  /** The board's row for reads: remembered (boardRows) while no change to it was announced. */
  private async rememberedBoard(access: ProjectAccess, boardId: number): Promise<BoardRow> {
    const projectId = access.project.id;
    const board = await this.boardRows.read(
      boardId,
      () => findBoard(this.deps.db, projectId, boardId),
      (row) => row.id,
    );
    if (!board || board.project_id !== projectId) throw new AppError('NOT_FOUND');
    return board;
  }

  private async board(db: Db, access: ProjectAccess, boardId: number): Promise<BoardRow> {
    const board = await findBoard(db, access.project.id, boardId);
    if (!board) throw new AppError('NOT_FOUND');
    return board;
  }

  private async column(db: Db, access: ProjectAccess, columnId: number): Promise<ColumnRow> {
    const column = await findColumn(db, columnId);
    if (!column || column.project_id !== access.project.id) throw new AppError('NOT_FOUND');
    const { project_id: _project, ...row } = column;
    return row;
  }

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }
}

import { applyBoardEvent, type BoardDetail, type BoardEvent, type TaskSummary } from '@teamboard/contract';
import type { BoardEventDraft } from '../../realtime/publisher.js';

/** Serialized board details above this many bytes in all are evicted, oldest first. */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
/**
 * A board's parsed copy, with each card's bytes kept beside it, weighs about this many times its
 * body (it is kept only once patched).
 */
const PARSED_WEIGHT = 4;
/**
 * Events kept for a copy nobody has read since: past this many, the copy is dropped instead. A board
 * written all day and read by nobody must not hold every event of the day, and a rebuild from the
 * database (a few ms for 1,000 cards) is cheaper than applying hundreds of them at the next read.
 */
const MAX_PENDING = 64;

interface Entry {
  version: number;
  /** The response body, `{"data":…}` in UTF-8, sent as it is. */
  body: Buffer;
  /** The same detail parsed, once an event has been applied to it (kept for the next one). */
  detail: BoardDetail | null;
  /** Events committed since `version`, one per version in order, applied at the next read. */
  pending: BoardEventDraft[];
}

/**
 * The last serialized detail of each board, keyed by its version. A detail is a pure function of
 * the version (every write that changes it bumps it), so everyone allowed to see the board shares
 * one copy until the next change: 40 students reloading a board cost one serialization. Bounded in
 * bytes so a server with many boards keeps its memory budget.
 *
 * After a write on this instance, the copy is brought forward rather than rebuilt: the write's own
 * real-time event (`advance`, committed and carrying the state it set) is applied at the next read
 * with the contract's `applyBoardEvent`, the very function every client keeps its copy with, which a
 * test proves equal to a fresh read for every kind of write. Only an unbroken run of versions is
 * applied; a gap (a write on another instance, an event not heard) drops the copy, and the next read
 * rebuilds it from the database as before.
 */
export class BoardDetailCache {
  private readonly entries = new Map<number, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {}

  get(boardId: number, version: number): Buffer | null {
    const entry = this.entries.get(boardId);
    if (!entry) return null;
    if (entry.version === version) return entry.body;
    const steps = version - entry.version;
    if (steps < 0 || steps > entry.pending.length) return null;
    const detail = entry.pending
      .slice(0, steps)
      .reduce(
        (board, event) => applyBoardEvent(board, event as BoardEvent),
        entry.detail ?? (JSON.parse(entry.body.toString()) as { data: BoardDetail }).data,
      );
    const body = serializeDetail(detail);
    this.store(boardId, { version, body, detail, pending: entry.pending.slice(steps) });
    return body;
  }

  set(boardId: number, version: number, body: Buffer): void {
    this.store(boardId, { version, body, detail: null, pending: [] });
  }

  /**
   * A committed write's event: kept to bring the copy forward, or the copy is dropped on a gap (or
   * when MAX_PENDING events already wait for a read).
   */
  advance(event: BoardEventDraft): void {
    const entry = this.entries.get(event.board_id);
    if (!entry) return;
    const reached = entry.version + entry.pending.length;
    if (event.seq <= reached) return; // already in the copy (it was read after this write)
    const broken = event.type === 'board.deleted' || event.seq !== reached + 1;
    if (broken || entry.pending.length >= MAX_PENDING) this.delete(event.board_id);
    else entry.pending.push(event);
  }

  private store(boardId: number, entry: Entry): void {
    this.delete(boardId);
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(boardId, entry);
    this.bytes += weight(entry);
    for (const [id, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(id);
      this.bytes -= weight(old);
    }
  }

  private delete(boardId: number): void {
    const entry = this.entries.get(boardId);
    if (!entry) return;
    this.entries.delete(boardId);
    this.bytes -= weight(entry);
  }
}

/** Each card's JSON, in UTF-8, while its object lives: an event replaces the cards it changes, no others. */
const cardBytes = new WeakMap<TaskSummary, Buffer>();

const OPEN_BODY = Buffer.from('{"data":{');
const CLOSE_BODY = Buffer.from('}}');
const COMMA = Buffer.from(',');
const OPEN_LIST = Buffer.from('[');
const CLOSE_LIST = Buffer.from(']');

/**
 * `JSON.stringify({ data: detail })` in UTF-8, byte for byte, with the bytes of each card that an
 * earlier call already wrote taken from `cardBytes`: bringing a 1,000-card board forward after a
 * move writes one card instead of all of them (the whole board's stringify was most of a first load
 * after a change; docs/performance.md, "Reads of a board"). The body is assembled as bytes in one
 * allocation, not as a string that every response would encode again: a 1,000-card board is about
 * 350 KB, and each large string or buffer made for it costs its pages afresh (on a virtual machine
 * whose page faults were slow, 1.3 ms for 357 KB: a first load after a move took 11–14 ms, 2.5 ms
 * once the body was bytes).
 * Cards are never mutated: applyBoardEvent makes new objects for what it changes.
 */
export function serializeDetail(detail: BoardDetail): Buffer {
  const parts: Buffer[] = [OPEN_BODY];
  let separator = '';
  for (const [key, value] of Object.entries(detail)) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`${separator}${JSON.stringify(key)}:`));
    separator = ',';
    if (key === 'tasks') pushCards(parts, value as TaskSummary[]);
    else parts.push(Buffer.from(JSON.stringify(value)));
  }
  parts.push(CLOSE_BODY);
  return Buffer.concat(parts);
}

function pushCards(parts: Buffer[], cards: TaskSummary[]): void {
  parts.push(OPEN_LIST);
  cards.forEach((card, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(cardBytesOf(card));
  });
  parts.push(CLOSE_LIST);
}

function cardBytesOf(card: TaskSummary): Buffer {
  let bytes = cardBytes.get(card);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(card));
    cardBytes.set(card, bytes);
  }
  return bytes;
}

function weight(entry: Entry): number {
  return entry.body.length * (entry.detail ? PARSED_WEIGHT : 1);
}

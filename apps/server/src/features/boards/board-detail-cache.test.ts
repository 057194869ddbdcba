import { describe, expect, it } from 'vitest';
import type { BoardEventDraft } from '../../realtime/publisher.js';
import type { BoardDetail, TaskSummary } from '@teamboard/contract';
import { applyBoardEvent } from '@teamboard/contract';
import { BoardDetailCache, serializeDetail } from './board-detail-cache.js';

/** A kept body as text, to compare (null when nothing is kept). */
const text = (body: Buffer | null) => (body === null ? null : body.toString());
const bytes = (value: string) => Buffer.from(value);

describe('BoardDetailCache', () => {
  it('answers only for the version it holds', () => {
    const cache = new BoardDetailCache();
    cache.set(1, 7, bytes('{"v":7}'));
    expect(text(cache.get(1, 7))).toBe('{"v":7}');
    expect(cache.get(1, 8)).toBeNull();
    cache.set(1, 8, bytes('{"v":8}'));
    expect(cache.get(1, 7)).toBeNull();
    expect(cache.get(2, 7)).toBeNull();
  });

  it('stays within its byte budget, dropping the oldest boards first', () => {
    const cache = new BoardDetailCache(10);
    cache.set(1, 1, bytes('aaaa'));
    cache.set(2, 1, bytes('bbbb'));
    cache.set(3, 1, bytes('cccc'));
    expect(cache.get(1, 1)).toBeNull();
    expect(text(cache.get(2, 1))).toBe('bbbb');
    expect(text(cache.get(3, 1))).toBe('cccc');
    cache.set(4, 1, bytes('x'.repeat(11)));
    expect(cache.get(4, 1)).toBeNull();
  });

  it('serializes a detail exactly as JSON.stringify in UTF-8, and again after an event replaced a card', () => {
    const card = (id: number, title: string) =>
      ({
        id,
        title,
        column_id: 1,
        position: id,
        is_archived: false,
        note: 'a "quoted" \u2028 line, año 🎓',
      }) as unknown as TaskSummary;
    const detail = {
      board: { id: 1, name: 'B', labels: [], project_id: 9, position: 1 },
      version: 3,
      columns: [{ id: 1, name: 'To do', position: 1 }],
      tasks: [card(1, 'one'), card(2, 'two'), card(3, 'three')],
      labels: [],
    } as unknown as BoardDetail;
    const asJson = (value: BoardDetail) => Buffer.from(JSON.stringify({ data: value }));
    expect(serializeDetail(detail).equals(asJson(detail))).toBe(true);
    expect(serializeDetail({} as BoardDetail).toString()).toBe('{"data":{}}');
    const renamed = applyBoardEvent(detail, {
      type: 'task.updated',
      board_id: 1,
      seq: 4,
      data: { task: card(2, 'renamed') },
    } as never);
    expect(renamed.tasks[0]).toBe(detail.tasks[0]);
    expect(serializeDetail(renamed).equals(asJson(renamed))).toBe(true);
    expect(JSON.parse(serializeDetail(renamed).toString()).data.tasks[1].title).toBe('renamed');
  });

  describe('brought forward by events', () => {
    const detail = (version: number, name: string) =>
      bytes(
        JSON.stringify({
          data: {
            board: { id: 1, name, labels: [], project_id: 9, position: 1 },
            version,
            columns: [],
            tasks: [],
            labels: [],
          },
        }),
      );
    const renamed = (seq: number, name: string) =>
      ({
        type: 'board.updated',
        board_id: 1,
        seq,
        data: { board: { id: 1, name, labels: [], project_id: 9, position: 1 } },
      }) as unknown as BoardEventDraft;
    const nameIn = (body: Buffer | null) => (body ? JSON.parse(body.toString()).data.board.name : null);

    it('applies an unbroken run of versions, as far as the version asked for', () => {
      const cache = new BoardDetailCache();
      cache.set(1, 5, detail(5, 'five'));
      cache.advance(renamed(6, 'six'));
      cache.advance(renamed(7, 'seven'));
      expect(cache.get(1, 5)?.equals(detail(5, 'five'))).toBe(true);
      expect(nameIn(cache.get(1, 6))).toBe('six');
      expect(JSON.parse(text(cache.get(1, 7))!).data.version).toBe(7);
      expect(nameIn(cache.get(1, 7))).toBe('seven');
      expect(cache.get(1, 8)).toBeNull();
    });

    it('ignores an event already in the copy and drops the copy on a gap or a deleted board', () => {
      const cache = new BoardDetailCache();
      cache.set(1, 5, detail(5, 'five'));
      cache.advance(renamed(5, 'stale'));
      expect(nameIn(cache.get(1, 5))).toBe('five');
      cache.advance(renamed(7, 'after a gap'));
      expect(cache.get(1, 5)).toBeNull();
      cache.set(1, 5, detail(5, 'five'));
      cache.advance({ type: 'board.deleted', board_id: 1, seq: 6, data: {} } as unknown as BoardEventDraft);
      expect(cache.get(1, 5)).toBeNull();
    });

    it('keeps at most 64 events for a copy nobody reads, then drops the copy', () => {
      const cache = new BoardDetailCache();
      cache.set(1, 0, detail(0, 'zero'));
      for (let seq = 1; seq <= 64; seq++) cache.advance(renamed(seq, `v${seq}`));
      expect(nameIn(cache.get(1, 64))).toBe('v64');
      for (let seq = 65; seq <= 129; seq++) cache.advance(renamed(seq, `v${seq}`));
      expect(cache.get(1, 64)).toBeNull();
      expect(cache.get(1, 129)).toBeNull();
    });
  });
});

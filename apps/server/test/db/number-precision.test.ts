import type { BoardDetail } from '@teamboard/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { setUpBoardProject, type BoardProject } from '../helpers/boards.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { buildTestApp } from '../helpers/test-app.js';

describe.runIf(isDatabaseAvailable)('numbers keep their precision on both dialects', () => {
  let p: BoardProject | undefined;
  afterEach(async () => p?.t.close());

  it('keeps a strict order after 30 drops into the same gap (8-byte positions on both dialects)', async () => {
    p = await setUpBoardProject(await buildTestApp());
    const { owner, f } = p;
    const create = async (title: string) =>
      (await owner('POST', `/api/columns/${f.otherColumnId}/tasks`, { title })).json().data.id as number;
    const first = await create('first');
    let below = await create('last');
    const dropped: number[] = [];
    for (let index = 0; index < 30; index++) {
      const id = await create(`dropped ${index}`);
      const moved = await owner('POST', `/api/tasks/${id}/move`, {
        column_id: f.otherColumnId,
        after_id: first,
        before_id: below,
      });
      expect(moved.statusCode).toBe(200);
      dropped.unshift(id);
      below = id;
    }
    const board = (await owner('GET', `/api/boards/${f.boardId}`)).json().data as BoardDetail;
    const column = board.tasks.filter((task) => task.column_id === f.otherColumnId);
    expect(column.map((task) => task.id)).toEqual([first, ...dropped, column.at(-1)!.id]);
    const positions = column.map((task) => task.position);
    for (let index = 1; index < positions.length; index++) {
      expect(positions[index]).toBeGreaterThan(positions[index - 1]!);
    }
  });

  it('stores hours and positions as 8-byte floats (PostgreSQL real would round 1234.56789)', async () => {
    p = await setUpBoardProject(await buildTestApp());
    const updated = await p.owner('PUT', `/api/tasks/${p.f.taskId}`, { expected_hours: 1234.56789 });
    expect(updated.json().data.expected_hours).toBe(1234.56789);
    const reread = await p.owner('GET', `/api/tasks/${p.f.taskId}`);
    expect(reread.json().data.expected_hours).toBe(1234.56789);
  });
});

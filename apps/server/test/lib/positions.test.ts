import type { BoardDetail, ChecklistItem } from '@teamboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBoardProject, type BoardProject } from '../helpers/boards.js';
import { snapshot } from '../helpers/projects.js';
import { buildTestApp } from '../helpers/test-app.js';

const INSERTIONS = 1000;

function expectStrictlyIncreasing(positions: number[]): void {
  for (let index = 1; index < positions.length; index++) {
    expect(positions[index], `position ${index}`).toBeGreaterThan(positions[index - 1]!);
  }
}

describe('positions stay orderable', () => {
  let p: BoardProject;
  beforeAll(async () => {
    p = await setUpBoardProject(await buildTestApp());
  });
  afterAll(async () => p?.t.close());

  it.each([
    ['a column', (f: BoardProject['f']) => `/api/columns/${f.columnId}`, 'position'],
    ['a board', (f: BoardProject['f']) => `/api/boards/${f.boardId}`, 'position'],
    ['a checklist item', (f: BoardProject['f']) => `/api/checklist/${f.checklistId}`, 'position'],
    ['a project placement', (_f: BoardProject['f']) => `/api/projects/${p.projectId}/placement`, 'order'],
  ])(
    'refuses an extreme key for %s with a localized message, changing nothing',
    async (_what, url, field) => {
      const before = await snapshot(p.t.db);
      for (const value of [1.79e308, -1.79e308, 1e13]) {
        const response = await p.t.app.inject({
          method: 'PUT',
          url: url(p.f),
          headers: { ...p.ownerHeaders, 'accept-language': 'es' },
          payload: { [field]: value },
        });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          code: 'POSITION_NOT_VALID',
          errors: ['Elige una posición entre -1.000.000.000.000 y 1.000.000.000.000.'],
        });
      }
      expect(await snapshot(p.t.db)).toEqual(before);
    },
  );

  it(`keeps a strict order over ${INSERTIONS} columns placed by the client between the same two neighbours`, async () => {
    const { owner, f } = p;
    const board = async () => (await owner('GET', `/api/boards/${f.boardId}`)).json().data as BoardDetail;
    const start = await board();
    const [first, last] = start.columns;
    const inserted: number[] = [];
    for (let index = 0; index < INSERTIONS; index++) {
      const columns = (await board()).columns;
      const low = columns.find((column) => column.id === first!.id)!.position;
      const high = columns[columns.findIndex((column) => column.id === first!.id) + 1]!.position;
      const created = await owner('POST', `/api/boards/${f.boardId}/columns`, {
        name: `c${index}`,
        position: (low + high) / 2,
      });
      expect(created.statusCode).toBe(201);
      inserted.unshift(created.json().data.id);
    }
    const columns = (await board()).columns;
    expect(columns.map((column) => column.id)).toEqual([first!.id, ...inserted, last!.id]);
    expectStrictlyIncreasing(columns.map((column) => column.position));
  }, 120_000);

  it(`keeps a strict order over ${INSERTIONS} tasks moved by the server between the same two neighbours`, async () => {
    const { owner, f } = p;
    const create = async (title: string) =>
      (await owner('POST', `/api/columns/${f.otherColumnId}/tasks`, { title })).json().data.id as number;
    const first = await create('first');
    const last = await create('last');
    const moved: number[] = [];
    for (let index = 0; index < INSERTIONS; index++) {
      const id = await create(`t${index}`);
      const response = await owner('POST', `/api/tasks/${id}/move`, {
        column_id: f.otherColumnId,
        after_id: first,
        before_id: moved[0] ?? last,
      });
      expect(response.statusCode).toBe(200);
      moved.unshift(id);
    }
    const board = (await owner('GET', `/api/boards/${f.boardId}`)).json().data as BoardDetail;
    const column = board.tasks.filter((task) => task.column_id === f.otherColumnId);
    const ids = column.map((task) => task.id);
    expect(ids.slice(ids.indexOf(first), ids.indexOf(last) + 1)).toEqual([first, ...moved, last]);
    expectStrictlyIncreasing(column.map((task) => task.position));
  }, 120_000);

  it('renumbers a crowded list of projects in a folder, keeping its order', async () => {
    const { owner, projectId } = p;
    const second = (await owner('POST', '/api/projects', { name: 'Second' })).json().data.id as number;
    const place = (id: number, order: number) => owner('PUT', `/api/projects/${id}/placement`, { order });
    expect((await place(projectId, 5)).statusCode).toBe(200);
    expect((await place(second, 5 + 1e-12)).statusCode).toBe(200);
    const projects = (await owner('GET', '/api/projects')).json().data as { id: number; order: number }[];
    const mine = projects.filter((project) => project.id === projectId || project.id === second);
    expect(mine.map((project) => project.id)).toEqual([projectId, second]);
    expect(mine.every((project) => Number.isInteger(project.order))).toBe(true);
  });

  it(`keeps a strict order over ${INSERTIONS} checklist items placed by the client between the same two neighbours`, async () => {
    const { owner, f } = p;
    const list = async () =>
      (await owner('GET', `/api/tasks/${f.taskId}/checklist`)).json().data as ChecklistItem[];
    const add = async (text: string) =>
      (await owner('POST', `/api/tasks/${f.taskId}/checklist`, { text })).json().data.id as number;
    const first = (await list())[0]!.id;
    const last = await add('last');
    const placed: number[] = [];
    for (let index = 0; index < INSERTIONS; index++) {
      const id = await add(`i${index}`);
      const items = await list();
      const at = items.findIndex((item) => item.id === first);
      const position = (items[at]!.position + items[at + 1]!.position) / 2;
      expect((await owner('PUT', `/api/checklist/${id}`, { position })).statusCode).toBe(200);
      placed.unshift(id);
    }
    const items = await list();
    expect(items.map((item) => item.id)).toEqual([first, ...placed, last]);
    expectStrictlyIncreasing(items.map((item) => item.position));
  }, 120_000);
});

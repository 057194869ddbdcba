import { applyBoardEvent, type BoardEvent } from '@teamboard/contract';
import { describe, expect, it } from 'vitest';
import {
  makeBoard,
  makeBoardDetail,
  makeBoardEvent,
  makeColumn,
  makeComment,
  makeLabel,
  makeTask,
} from '../../test/fixtures';

const board = makeBoardDetail();
const titles = (detail = board) => detail.tasks.map((task) => `${task.id}:${task.title}`);

// The contract's applyBoardEvent, checked the way the board cache relies on it.
describe('applyBoardEvent', () => {
  it('task.created adds the card in board order (column, then position)', () => {
    const next = applyBoardEvent(
      board,
      makeBoardEvent('task.created', { task: makeTask({ id: 8, title: 'New', position: 1.5 }) }),
    );
    expect(titles(next)).toEqual(['5:Write report', '8:New', '6:Fix bug']);
  });

  it('task.updated replaces the card in place and leaves the others alone', () => {
    const task = makeTask({ title: 'Write the report', comments_count: 2, labels: [3] });
    const next = applyBoardEvent(board, makeBoardEvent('task.updated', { task }));
    expect(next.tasks[0]).toEqual(task);
    expect(next.tasks[1]).toBe(board.tasks[1]);
  });

  it('task.updated of an archived task drops the card', () => {
    const next = applyBoardEvent(
      board,
      makeBoardEvent('task.updated', { task: makeTask({ is_archived: true }) }),
    );
    expect(titles(next)).toEqual(['6:Fix bug']);
  });

  it('task.moved puts the card in its new column and place', () => {
    const task = makeTask({ column_id: 11, position: 0.5 });
    const next = applyBoardEvent(board, makeBoardEvent('task.moved', { task }));
    expect(next.tasks.find((item) => item.id === 5)).toMatchObject({ column_id: 11, position: 0.5 });
  });

  it('task.deleted removes the card', () => {
    const next = applyBoardEvent(board, makeBoardEvent('task.deleted', { task_id: 6, column_id: 10 }));
    expect(titles(next)).toEqual(['5:Write report']);
  });

  it('tasks.updated upserts every card, dropping the archived ones', () => {
    const next = applyBoardEvent(
      board,
      makeBoardEvent('tasks.updated', {
        tasks: [makeTask({ is_archived: true }), makeTask({ id: 6, title: 'Fix bug', completed: true })],
      }),
    );
    expect(titles(next)).toEqual(['6:Fix bug']);
    expect(next.tasks[0]?.completed).toBe(true);
  });

  it('column.created adds the column', () => {
    const column = makeColumn({ id: 12, name: 'Review', position: 3 });
    const next = applyBoardEvent(board, makeBoardEvent('column.created', { column }));
    expect(next.columns.map((item) => item.name)).toEqual(['To do', 'Done', 'Review']);
  });

  it('column.updated renames the column', () => {
    const next = applyBoardEvent(
      board,
      makeBoardEvent('column.updated', { column: makeColumn({ name: 'Backlog' }) }),
    );
    expect(next.columns.map((item) => item.name)).toEqual(['Backlog', 'Done']);
  });

  it('column.moved gives the column its new position', () => {
    const next = applyBoardEvent(
      board,
      makeBoardEvent('column.moved', { column: makeColumn({ position: 5 }) }),
    );
    expect(next.columns.find((item) => item.id === 10)?.position).toBe(5);
  });

  it('column.deleted removes the column and its cards', () => {
    const withDone = {
      ...board,
      tasks: [...board.tasks, makeTask({ id: 7, title: 'Shipped', column_id: 11 })],
    };
    const next = applyBoardEvent(withDone, makeBoardEvent('column.deleted', { column_id: 10 }));
    expect(next.columns.map((item) => item.id)).toEqual([11]);
    expect(titles(next)).toEqual(['7:Shipped']);
  });

  it.each(['comment.created', 'comment.updated'] as const)('%s updates the card it belongs to', (type) => {
    const task = makeTask({ comments_count: 1 });
    const next = applyBoardEvent(board, makeBoardEvent(type, { comment: makeComment(), task }));
    expect(next.tasks.find((item) => item.id === 5)?.comments_count).toBe(1);
  });

  it('comment.deleted updates the card it belonged to', () => {
    const withComment = applyBoardEvent(
      board,
      makeBoardEvent('comment.created', { comment: makeComment(), task: makeTask({ comments_count: 1 }) }),
    );
    const next = applyBoardEvent(
      withComment,
      makeBoardEvent('comment.deleted', { comment_id: 40, task: makeTask({ comments_count: 0 }) }),
    );
    expect(next.tasks.find((item) => item.id === 5)?.comments_count).toBe(0);
  });

  it('label.created and label.updated upsert the project label', () => {
    const created = applyBoardEvent(board, makeBoardEvent('label.created', { label: makeLabel() }));
    expect(created.labels).toEqual([makeLabel()]);
    const renamed = applyBoardEvent(
      created,
      makeBoardEvent('label.updated', { label: makeLabel({ name: 'Defect', color: '#000000' }) }),
    );
    expect(renamed.labels).toEqual([makeLabel({ name: 'Defect', color: '#000000' })]);
  });

  it('label.deleted removes it from the labels, every card and the board', () => {
    const labelled = makeBoardDetail({
      board: makeBoard({ labels: [3, 4] }),
      labels: [makeLabel(), makeLabel({ id: 4, name: 'Feature' })],
      tasks: [makeTask({ labels: [3, 4] }), makeTask({ id: 6, labels: [4] })],
    });
    const next = applyBoardEvent(labelled, makeBoardEvent('label.deleted', { label_id: 3 }));
    expect(next.labels.map((label) => label.id)).toEqual([4]);
    expect(next.tasks.map((task) => task.labels)).toEqual([[4], [4]]);
    expect(next.board.labels).toEqual([4]);
  });

  it('board.updated replaces the board fields', () => {
    const renamed = makeBoard({ name: 'Sprint 2', description: 'Two weeks', labels: [3] });
    const next = applyBoardEvent(board, makeBoardEvent('board.updated', { board: renamed }));
    expect(next.board).toEqual(renamed);
    expect(next.tasks).toBe(board.tasks);
  });

  it('board.deleted changes no content (the caches drop the board)', () => {
    const { version: _version, ...content } = applyBoardEvent(board, makeBoardEvent('board.deleted', {}));
    const { version: _before, ...original } = board;
    expect(content).toEqual(original);
  });

  const everyEvent: BoardEvent[] = [
    makeBoardEvent('task.created', { task: makeTask({ id: 8 }) }),
    makeBoardEvent('task.updated', { task: makeTask({ title: 'Again' }) }),
    makeBoardEvent('task.moved', { task: makeTask({ column_id: 11 }) }),
    makeBoardEvent('task.deleted', { task_id: 6, column_id: 10 }),
    makeBoardEvent('tasks.updated', { tasks: [makeTask({ completed: true }), makeTask({ id: 9 })] }),
    makeBoardEvent('column.created', { column: makeColumn({ id: 12 }) }),
    makeBoardEvent('column.updated', { column: makeColumn({ name: 'Renamed' }) }),
    makeBoardEvent('column.moved', { column: makeColumn({ position: 9 }) }),
    makeBoardEvent('column.deleted', { column_id: 11 }),
    makeBoardEvent('comment.created', { comment: makeComment(), task: makeTask({ comments_count: 1 }) }),
    makeBoardEvent('comment.updated', { comment: makeComment(), task: makeTask({ comments_count: 1 }) }),
    makeBoardEvent('comment.deleted', { comment_id: 40, task: makeTask() }),
    makeBoardEvent('label.created', { label: makeLabel() }),
    makeBoardEvent('label.updated', { label: makeLabel({ name: 'Defect' }) }),
    makeBoardEvent('label.deleted', { label_id: 3 }),
    makeBoardEvent('board.updated', { board: makeBoard({ name: 'Renamed' }) }),
    makeBoardEvent('board.deleted', {}),
  ];

  it.each(everyEvent.map((event) => [event.type, event] as const))(
    '%s applied twice equals applied once',
    (_type, event) => {
      const labelled = makeBoardDetail({ labels: [makeLabel()], tasks: [makeTask({ labels: [3] })] });
      const once = applyBoardEvent(labelled, event);
      expect(applyBoardEvent(once, event)).toEqual(once);
    },
  );
});

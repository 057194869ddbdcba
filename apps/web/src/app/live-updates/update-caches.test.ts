import { QueryClient } from '@tanstack/react-query';
import type { Board, Comment, Label } from '@teamboard/contract';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import {
  makeBoard,
  makeBoardDetail,
  makeBoardEvent,
  makeComment,
  makeLabel,
  makeTask,
} from '../../test/fixtures';
import { updateRelatedCaches } from './update-caches';
import { applyUserEvent } from './use-user-events';

const comments = queryKeys.taskPart(5, 'comments');

describe('updateRelatedCaches', () => {
  it('keeps an open comment list current', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Comment[]>(comments, [makeComment({ id: 40, text: 'First' })]);
    const task = makeTask({ comments_count: 2 });
    updateRelatedCaches(
      queryClient,
      '7',
      makeBoardEvent('comment.created', { comment: makeComment({ id: 41, text: 'Second' }), task }),
    );
    updateRelatedCaches(
      queryClient,
      '7',
      makeBoardEvent('comment.updated', { comment: makeComment({ id: 40, text: 'First, edited' }), task }),
    );
    expect(queryClient.getQueryData<Comment[]>(comments)?.map((comment) => comment.text)).toEqual([
      'First, edited',
      'Second',
    ]);
    updateRelatedCaches(queryClient, '7', makeBoardEvent('comment.deleted', { comment_id: 40, task }));
    expect(queryClient.getQueryData<Comment[]>(comments)?.map((comment) => comment.id)).toEqual([41]);
  });

  it('does not create a comment list nobody opened', () => {
    const queryClient = new QueryClient();
    updateRelatedCaches(
      queryClient,
      '7',
      makeBoardEvent('comment.created', { comment: makeComment(), task: makeTask() }),
    );
    expect(queryClient.getQueryData(comments)).toBeUndefined();
  });

  it('renames the tab of an updated board and drops a deleted one', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Board[]>(queryKeys.boards('7'), [
      makeBoard(),
      makeBoard({ id: 2, name: 'Other', position: 2 }),
    ]);
    queryClient.setQueryData(queryKeys.board(1), makeBoardDetail());
    updateRelatedCaches(
      queryClient,
      '7',
      makeBoardEvent('board.updated', { board: makeBoard({ name: 'Sprint 2', position: 3 }) }),
    );
    expect(queryClient.getQueryData<Board[]>(queryKeys.boards('7'))?.map((board) => board.name)).toEqual([
      'Other',
      'Sprint 2',
    ]);
    updateRelatedCaches(queryClient, '7', makeBoardEvent('board.deleted', {}));
    expect(queryClient.getQueryData<Board[]>(queryKeys.boards('7'))?.map((board) => board.id)).toEqual([2]);
    expect(queryClient.getQueryData(queryKeys.board(1))).toBeUndefined();
  });

  it("keeps the project's label list in line", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Label[]>(queryKeys.labels('7'), [makeLabel()]);
    updateRelatedCaches(
      queryClient,
      '7',
      makeBoardEvent('label.created', { label: makeLabel({ id: 4, name: 'UI' }) }),
    );
    updateRelatedCaches(queryClient, '7', makeBoardEvent('label.deleted', { label_id: 3 }));
    expect(queryClient.getQueryData<Label[]>(queryKeys.labels('7'))?.map((label) => label.name)).toEqual([
      'UI',
    ]);
  });
});

describe('applyUserEvent', () => {
  it('marks the bell stale on invitations.changed, the project ones on projects.changed', () => {
    const queryClient = new QueryClient();
    for (const key of [
      queryKeys.receivedInvitations,
      queryKeys.projects,
      queryKeys.project('7'),
      queryKeys.project('8'),
    ]) {
      queryClient.setQueryData(key, []);
    }
    const isStale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    applyUserEvent(queryClient, { type: 'invitations.changed' });
    expect(isStale(queryKeys.receivedInvitations)).toBe(true);
    expect(isStale(queryKeys.projects)).toBe(false);
    applyUserEvent(queryClient, { type: 'projects.changed', project_id: 7 });
    expect(isStale(queryKeys.projects)).toBe(true);
    expect(isStale(queryKeys.project('7'))).toBe(true);
    expect(isStale(queryKeys.project('8'))).toBe(false);
  });
});

import type { QueryClient } from '@tanstack/react-query';
import type { Board, BoardEvent, Comment, Label } from '@teamboard/contract';
import { queryKeys } from '../../lib/query-keys';

function upsertById<T extends { id: number }>(items: T[] | undefined, item: T): T[] | undefined {
  if (items === undefined) return items;
  const others = items.filter((existing) => existing.id !== item.id);
  return [...others, item].sort((a, b) => a.id - b.id);
}

function upsertComment(queryClient: QueryClient, comment: Comment): void {
  // Only a list someone has open is kept current; the others are fetched when opened.
  queryClient.setQueryData<Comment[]>(queryKeys.taskPart(comment.task_id, 'comments'), (comments) =>
    upsertById(comments, comment),
  );
}

/** The task detail and its log carry more than the card: fetched again if someone has them. */
function refreshTask(queryClient: QueryClient, taskId: number): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.taskPart(taskId, 'logs') });
}

function refreshBoardLists(queryClient: QueryClient, event: BoardEvent): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.archivedTasks(event.board_id) });
}

function updateTaskCaches(queryClient: QueryClient, event: BoardEvent): void {
  switch (event.type) {
    case 'task.updated':
    case 'task.moved':
      refreshTask(queryClient, event.data.task.id);
      refreshBoardLists(queryClient, event);
      return;
    case 'task.deleted':
      refreshTask(queryClient, event.data.task_id);
      refreshBoardLists(queryClient, event);
      return;
    case 'tasks.updated':
      event.data.tasks.forEach((task) => refreshTask(queryClient, task.id));
      refreshBoardLists(queryClient, event);
      return;
    case 'column.deleted':
      refreshBoardLists(queryClient, event);
      return;
    case 'comment.created':
    case 'comment.updated':
      upsertComment(queryClient, event.data.comment);
      refreshTask(queryClient, event.data.task.id);
      return;
    case 'comment.deleted':
      queryClient.setQueryData<Comment[]>(queryKeys.taskPart(event.data.task.id, 'comments'), (comments) =>
        comments?.filter((comment) => comment.id !== event.data.comment_id),
      );
      refreshTask(queryClient, event.data.task.id);
      return;
    default:
  }
}

function updateProjectCaches(queryClient: QueryClient, projectId: string, event: BoardEvent): void {
  switch (event.type) {
    case 'label.created':
    case 'label.updated':
      queryClient.setQueryData<Label[]>(queryKeys.labels(projectId), (labels) =>
        upsertById(labels, event.data.label),
      );
      return;
    case 'label.deleted':
      queryClient.setQueryData<Label[]>(queryKeys.labels(projectId), (labels) =>
        labels?.filter((label) => label.id !== event.data.label_id),
      );
      return;
    case 'board.updated':
      queryClient.setQueryData<Board[]>(queryKeys.boards(projectId), (boards) =>
        boards
          ?.map((board) => (board.id === event.data.board.id ? event.data.board : board))
          .sort((a, b) => a.position - b.position || a.id - b.id),
      );
      return;
    case 'board.deleted':
      queryClient.setQueryData<Board[]>(queryKeys.boards(projectId), (boards) =>
        boards?.filter((board) => board.id !== event.board_id),
      );
      queryClient.removeQueries({ queryKey: queryKeys.board(event.board_id) });
      return;
    default:
  }
}

/**
 * Brings the caches beyond the board detail in line with an applied event: the open comment list,
 * the task detail, the archived tasks, the project's labels and boards (tabs).
 */
export function updateRelatedCaches(queryClient: QueryClient, projectId: string, event: BoardEvent): void {
  updateTaskCaches(queryClient, event);
  updateProjectCaches(queryClient, projectId, event);
}

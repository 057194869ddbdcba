import type { BoardTaskRequests } from '../features/boards/board-task-requests';
import { useColumnTasksAction } from '../features/tasks/api/column-tasks-action';
import { useCreateTask } from '../features/tasks/api/create-task';
import { useMoveTask } from '../features/tasks/api/move-task';
import { useRestoreTask } from '../features/tasks/api/restore-task';
import { useArchivedTasks, useSearchTasks } from '../features/tasks/api/search-tasks';

/** The tasks feature's requests, handed to the board screens (a feature never imports another). */
export const boardTaskRequests: BoardTaskRequests = {
  useCreateTask,
  useMoveTask,
  useRestoreTask,
  useSearchTasks,
  useArchivedTasks,
  useColumnTasksAction,
};

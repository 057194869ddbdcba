import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  can,
  TASK_TITLE_MAX_LENGTH,
  type Board,
  type BoardDetail,
  type Project,
  type TaskDetail,
} from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { patchBoardTask } from '../../../lib/board-cache';
import { queryKeys } from '../../../lib/query-keys';

/*
 * The boards' own endpoints, asked from here because a feature never imports another: the answers
 * go under the same shared cache keys (lib/query-keys), so the board screen and this picker share them.
 */

/** GET /api/projects: only those where the caller may add tasks. */
export function useWritableProjects(isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.projects,
    queryFn: async () => (await api.get<{ data: Project[] }>('/projects')).data,
    enabled: isEnabled,
    select: (projects) => projects.filter((project) => can(project.role, 'work.edit')),
  });
}

/** GET /api/projects/:id/boards. */
export function useProjectBoards(projectId: number | null) {
  return useQuery({
    queryKey: queryKeys.boards(String(projectId ?? 0)),
    queryFn: async () => (await api.get<{ data: Board[] }>(`/projects/${projectId}/boards`)).data,
    enabled: projectId !== null,
  });
}

/** GET /api/boards/:id, for its columns. */
export function useBoardColumns(boardId: number | null) {
  return useQuery({
    queryKey: queryKeys.board(boardId ?? 0),
    queryFn: async () => (await api.get<{ data: BoardDetail }>(`/boards/${boardId}`)).data,
    enabled: boardId !== null,
    select: (board) => board.columns,
  });
}

export interface StoryTaskInput {
  columnId: number;
  title: string;
  description: string;
}

/**
 * POST /api/columns/:id/tasks (the board's create: a title only), then PUT /api/tasks/:id with the
 * story and its criteria as the description.
 */
export async function createStoryTask({ columnId, title, description }: StoryTaskInput): Promise<TaskDetail> {
  const created = await api.post<{ data: TaskDetail }>(`/columns/${columnId}/tasks`, {
    title: title.trim().slice(0, TASK_TITLE_MAX_LENGTH),
  });
  return (await api.put<{ data: TaskDetail }>(`/tasks/${created.data.id}`, { description })).data;
}

export function useCreateStoryTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStoryTask,
    onSuccess: (task) => patchBoardTask(queryClient, task.board_id, task),
  });
}

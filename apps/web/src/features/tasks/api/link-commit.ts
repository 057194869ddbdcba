import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMMIT_SEARCH_PAGE_SIZE,
  type Commit,
  type LinkCommitInput,
  type TaskCommitLink,
  type TaskDetail,
} from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { patchBoardTask } from '../../../lib/board-cache';
import { queryKeys } from '../../../lib/query-keys';
import { refreshTaskPart } from './refresh-task';

/** A collected commit (`commit_id`, from the search) or any commit address (message and url). */
export type LinkTaskCommitInput = LinkCommitInput | { commit_id: number };

/** GET /api/tasks/:id/commits — the task's linked commits, newest first. */
export async function getTaskCommits(taskId: number): Promise<TaskCommitLink[]> {
  const body = await api.get<{ data: TaskCommitLink[] }>(`/tasks/${taskId}/commits`);
  return body.data;
}

export function useTaskCommits(taskId: number) {
  return useQuery({
    queryKey: queryKeys.taskPart(taskId, 'commits'),
    queryFn: () => getTaskCommits(taskId),
    meta: { silent: true },
  });
}

/** GET /api/projects/:id/commits?q= — the project's collected commits matching `q`, newest first. */
export async function searchCommits(projectId: number, q: string): Promise<Commit[]> {
  const query = new URLSearchParams({ q, limit: String(COMMIT_SEARCH_PAGE_SIZE) });
  const body = await api.get<{ data: Commit[] }>(`/projects/${projectId}/commits?${query}`);
  return body.data;
}

/** Asks nothing for an empty search; the last results stay up while the next ones load. */
export function useCommitSearch(projectId: number, q: string) {
  return useQuery({
    queryKey: ['tasks', 'commit-search', projectId, q],
    queryFn: () => searchCommits(projectId, q),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}

/** POST /api/tasks/:id/commits: links one more commit; answers with the task. */
export async function linkCommit(taskId: number, input: LinkTaskCommitInput): Promise<TaskDetail> {
  const body = await api.post<{ data: TaskDetail }>(`/tasks/${taskId}/commits`, input);
  return body.data;
}

/** DELETE /api/task_commits/:linkId: unlinks one commit. */
export async function unlinkCommit(linkId: number): Promise<void> {
  await api.delete<void>(`/task_commits/${linkId}`);
}

export function useLinkCommit(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkTaskCommitInput) => linkCommit(taskId, input),
    onSuccess: (task) => {
      queryClient.setQueryData(queryKeys.task(taskId), task);
      patchBoardTask(queryClient, task.board_id, task);
      void queryClient.invalidateQueries({ queryKey: queryKeys.taskPart(taskId, 'commits') });
      void queryClient.invalidateQueries({ queryKey: queryKeys.taskPart(taskId, 'logs') });
    },
  });
}

/** The task is read again afterwards, and its fresh copy refreshes the board card (useTask). */
export function useUnlinkCommit(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkCommit,
    onSuccess: () => refreshTaskPart(queryClient, taskId, 'commits'),
  });
}

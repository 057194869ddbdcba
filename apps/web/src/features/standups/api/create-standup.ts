import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Standup, StandupInputBody } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeStandup } from './cache';
import { projectStandupsPath } from './keys';

/** POST /api/projects/:id/standups: the caller's stand-up for the project's today. */
export async function createStandup(projectId: string, input: StandupInputBody): Promise<Standup> {
  const body = await api.post<{ data: Standup }>(projectStandupsPath(projectId), input);
  return body.data;
}

/** Silent: the form shows a refusal under its field (or as a toast when no field fits). */
export function useCreateStandup(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StandupInputBody) => createStandup(projectId, input),
    onSuccess: (standup) => storeStandup(queryClient, standup),
    meta: { silent: true },
  });
}

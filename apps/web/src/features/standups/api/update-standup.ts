import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Standup, StandupInputBody } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { storeStandup } from './cache';

/** PUT /api/standups/:id: its author, on its own day only. */
export async function updateStandup(standupId: number, input: StandupInputBody): Promise<Standup> {
  const body = await api.put<{ data: Standup }>(`/standups/${standupId}`, input);
  return body.data;
}

/** Silent: the form shows a refusal under its field (or as a toast when no field fits). */
export function useUpdateStandup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ standupId, input }: { standupId: number; input: StandupInputBody }) =>
      updateStandup(standupId, input),
    onSuccess: (standup) => storeStandup(queryClient, standup),
    meta: { silent: true },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Hour, UpdateHourInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { refreshTaskPart } from './refresh-task';

/** PUT /api/hours/:id */
export async function updateHour(id: number, input: UpdateHourInput): Promise<Hour> {
  const body = await api.put<{ data: Hour }>(`/hours/${id}`, input);
  return body.data;
}

export function useUpdateHour(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateHourInput }) => updateHour(id, input),
    onSuccess: () => refreshTaskPart(queryClient, taskId, 'hours'),
  });
}

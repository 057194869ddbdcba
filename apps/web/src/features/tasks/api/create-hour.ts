import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateHourInput, Hour } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { refreshTaskPart } from './refresh-task';

/** POST /api/tasks/:id/hours */
export async function createHour(taskId: number, input: CreateHourInput): Promise<Hour> {
  const body = await api.post<{ data: Hour }>(`/tasks/${taskId}/hours`, input);
  return body.data;
}

export function useCreateHour(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateHourInput) => createHour(taskId, input),
    onSuccess: () => refreshTaskPart(queryClient, taskId, 'hours'),
  });
}

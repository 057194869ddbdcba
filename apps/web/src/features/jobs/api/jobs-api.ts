import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobsOverview } from '@teamboard/contract';
import { api } from '../../../lib/api-client';

export const jobsKeys = { overview: ['admin-jobs'] as const };

/** GET /api/admin/jobs — counts by kind and state, and the latest failed jobs. */
export function useJobsOverview() {
  return useQuery({
    queryKey: jobsKeys.overview,
    queryFn: async () => (await api.get<{ data: JobsOverview }>('/admin/jobs')).data,
  });
}

/** POST /api/admin/jobs/:id/retry — a failed job queued again from its first attempt. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/admin/jobs/${id}/retry`),
    onSettled: () => client.invalidateQueries({ queryKey: jobsKeys.overview }),
  });
}

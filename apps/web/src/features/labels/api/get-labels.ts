import { useQuery } from '@tanstack/react-query';
import type { Label } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/projects/:id/labels */
export async function getLabels(projectId: string): Promise<Label[]> {
  const body = await api.get<{ data: Label[] }>(`/projects/${encodeURIComponent(projectId)}/labels`);
  return body.data;
}

export function useLabels(projectId: string) {
  return useQuery({ queryKey: queryKeys.labels(projectId), queryFn: () => getLabels(projectId) });
}

import { useQuery } from '@tanstack/react-query';
import type { Fairness } from '@teamboard/contract';
import { api } from '../../../lib/api-client';

export interface FairnessRange {
  from?: string;
  to?: string;
}

export const fairnessKeys = {
  all: ['fairness'] as const,
  of: (projectId: string, range: FairnessRange) => ['fairness', projectId, range] as const,
};

/** GET /api/projects/:id/fairness?from=&to= (both optional: the server defaults to the last 28 days). */
export async function getFairness(projectId: string, range: FairnessRange): Promise<Fairness> {
  const search = new URLSearchParams();
  if (range.from) search.set('from', range.from);
  if (range.to) search.set('to', range.to);
  const query = search.toString();
  const body = await api.get<{ data: Fairness }>(
    `/projects/${encodeURIComponent(projectId)}/fairness${query ? `?${query}` : ''}`,
  );
  return body.data;
}

export function useFairness(projectId: string, range: FairnessRange) {
  return useQuery({
    queryKey: fairnessKeys.of(projectId, range),
    queryFn: () => getFairness(projectId, range),
  });
}

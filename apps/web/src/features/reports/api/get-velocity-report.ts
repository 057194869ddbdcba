import { useQuery } from '@tanstack/react-query';
import type { VelocityReport } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { reportKeys, reportsPath } from './keys';

/** GET /api/projects/:id/reports/velocity */
export async function getVelocityReport(projectId: string): Promise<VelocityReport> {
  const body = await api.get<{ data: VelocityReport }>(`${reportsPath(projectId)}/velocity`);
  return body.data;
}

/**
 * `sprints`: what the page knows of the sprints (ids, names, dates). It is part of the cache key,
 * so marking a milestone as a sprint or moving its dates asks again; null: there are none to ask about.
 */
export function useVelocityReport(projectId: string, sprints: string | null) {
  return useQuery({
    queryKey: reportKeys.report(projectId, 'velocity', { sprints: sprints ?? undefined }),
    queryFn: () => getVelocityReport(projectId),
    enabled: sprints !== null,
  });
}

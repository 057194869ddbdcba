import { useQuery } from '@tanstack/react-query';
import type { BurnReport } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { reportKeys, reportQuery, reportsPath } from './keys';

/** Burnup and burndown answer the same numbers; each screen asks its own address. */
export type BurnKind = 'burnup' | 'burndown';

/** GET /api/projects/:id/reports/burnup?milestone_id= (or …/burndown) */
export async function getBurnReport(
  projectId: string,
  kind: BurnKind,
  milestoneId: number,
): Promise<BurnReport> {
  const body = await api.get<{ data: BurnReport }>(
    `${reportsPath(projectId)}/${kind}${reportQuery({ milestone_id: milestoneId })}`,
  );
  return body.data;
}

/** `milestoneId` null: the address names no milestone, and the screen says so without asking the server. */
export function useBurnReport(projectId: string, kind: BurnKind, milestoneId: number | null) {
  return useQuery({
    queryKey: reportKeys.report(projectId, kind, { milestone_id: milestoneId ?? undefined }),
    queryFn: () => getBurnReport(projectId, kind, milestoneId!),
    enabled: milestoneId !== null,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { StandupAnalysis } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { projectStandupsPath, standupKeys, standupQuery } from './keys';

export interface StandupAnalysisRange {
  start_date?: string;
  end_date?: string;
}

/** GET /api/projects/:id/standups/analysis?start_date=&end_date= (none: the last 7 days). */
export async function getStandupAnalysis(
  projectId: string,
  range: StandupAnalysisRange,
): Promise<StandupAnalysis> {
  const body = await api.get<{ data: StandupAnalysis }>(
    `${projectStandupsPath(projectId)}/analysis${standupQuery({ ...range })}`,
  );
  return body.data;
}

/** `range` null: the address's range is not valid, and the screen says so without asking. */
export function useStandupAnalysis(projectId: string, range: StandupAnalysisRange | null) {
  return useQuery({
    queryKey: standupKeys.analysis(projectId, { ...range }),
    queryFn: () => getStandupAnalysis(projectId, range!),
    enabled: range !== null,
  });
}

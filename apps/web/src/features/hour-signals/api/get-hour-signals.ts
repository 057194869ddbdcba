import { useQuery } from '@tanstack/react-query';
import type { HourSignals } from '@teamboard/contract';
import { api } from '../../../lib/api-client';

export interface HourSignalsRange {
  from?: string;
  to?: string;
}

export const hourSignalKeys = {
  all: ['hour-signals'] as const,
  of: (projectId: string, range: HourSignalsRange) => ['hour-signals', projectId, range] as const,
};

/** GET /api/projects/:id/hour_signals?from=&to= (both optional: the server defaults to the last 28 days). */
export async function getHourSignals(projectId: string, range: HourSignalsRange): Promise<HourSignals> {
  const search = new URLSearchParams();
  if (range.from) search.set('from', range.from);
  if (range.to) search.set('to', range.to);
  const query = search.toString();
  const body = await api.get<{ data: HourSignals }>(
    `/projects/${encodeURIComponent(projectId)}/hour_signals${query ? `?${query}` : ''}`,
  );
  return body.data;
}

export function useHourSignals(projectId: string, range: HourSignalsRange) {
  return useQuery({
    queryKey: hourSignalKeys.of(projectId, range),
    queryFn: () => getHourSignals(projectId, range),
  });
}

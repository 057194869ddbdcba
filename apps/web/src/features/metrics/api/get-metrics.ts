import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Metrics, MetricsInterval } from '@teamboard/contract';
import { api } from '../../../lib/api-client';

export interface MetricsRequest {
  start_date: string;
  end_date: string;
  interval: MetricsInterval;
}

export const metricsKeys = {
  all: ['dashboard-metrics'] as const,
  range: (query: MetricsRequest) => ['dashboard-metrics', query] as const,
};

/** GET /api/dashboard/metrics?start_date=&end_date=&interval= */
export async function getMetrics(query: MetricsRequest): Promise<Metrics> {
  const search = new URLSearchParams({ ...query });
  const body = await api.get<{ data: Metrics }>(`/dashboard/metrics?${search.toString()}`);
  return body.data;
}

/** `query` null: the range is not valid, and the screen says so without asking the server. */
export function useMetrics(query: MetricsRequest | null) {
  return useQuery({
    queryKey: metricsKeys.range(query ?? { start_date: '', end_date: '', interval: 'day' }),
    queryFn: () => getMetrics(query!),
    enabled: query !== null,
    // A new range keeps the previous numbers on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}

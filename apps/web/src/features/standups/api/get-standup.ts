import { useQuery } from '@tanstack/react-query';
import type { Standup } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { standupKeys } from './keys';

/** GET /api/standups/:id */
export async function getStandup(standupId: number): Promise<Standup> {
  const body = await api.get<{ data: Standup }>(`/standups/${standupId}`);
  return body.data;
}

/** One the reader may not see answers 404: the screen says "not found" itself, not a toast. */
export function useStandup(standupId: number) {
  return useQuery({
    queryKey: standupKeys.standup(standupId),
    queryFn: () => getStandup(standupId),
    enabled: Number.isInteger(standupId) && standupId > 0,
    meta: { silent: true },
  });
}

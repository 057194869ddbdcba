import { useQuery } from '@tanstack/react-query';
import type { Member } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/projects/:id/members */
export async function getMembers(projectId: string): Promise<Member[]> {
  const body = await api.get<{ data: Member[] }>(`/projects/${encodeURIComponent(projectId)}/members`);
  return body.data;
}

export function useMembers(projectId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.members(projectId),
    queryFn: () => getMembers(projectId),
    enabled,
  });
}

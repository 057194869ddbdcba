import { useQuery } from '@tanstack/react-query';
import type { Folder } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/folders: the caller's folders, the default one included. */
export async function getFolders(): Promise<Folder[]> {
  const body = await api.get<{ data: Folder[] }>('/folders');
  return body.data;
}

export function useFolders(enabled = true) {
  return useQuery({ queryKey: queryKeys.folders, queryFn: getFolders, enabled });
}

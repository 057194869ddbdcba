import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { getBoards } from './boards-request';

export { getBoards };

export function boardsQueryOptions(projectId: string) {
  return queryOptions({ queryKey: queryKeys.boards(projectId), queryFn: () => getBoards(projectId) });
}

export function useBoards(projectId: string) {
  return useQuery(boardsQueryOptions(projectId));
}

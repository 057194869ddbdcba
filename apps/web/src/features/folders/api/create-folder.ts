import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFolderInput, Folder } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/folders */
export async function createFolder(input: CreateFolderInput): Promise<Folder> {
  const body = await api.post<{ data: Folder }>('/folders', input);
  return body.data;
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: (folder) => {
      queryClient.setQueryData<Folder[]>(queryKeys.folders, (folders) => [...(folders ?? []), folder]);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Folder, UpdateFolderInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/folders/:id: rename, archive or unarchive. */
export async function updateFolder(id: number, input: UpdateFolderInput): Promise<Folder> {
  const body = await api.put<{ data: Folder }>(`/folders/${id}`, input);
  return body.data;
}

export function useUpdateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateFolderInput }) => updateFolder(id, input),
    onSuccess: (updated) => {
      queryClient.setQueryData<Folder[]>(queryKeys.folders, (folders) =>
        folders?.map((folder) => (folder.id === updated.id ? updated : folder)),
      );
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Folder } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/folders/:id: refused with 409 FOLDER_NOT_EMPTY while projects are inside. */
export async function deleteFolder(id: number): Promise<void> {
  await api.delete<void>(`/folders/${id}`);
}

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Folder[]>(queryKeys.folders, (folders) =>
        folders?.filter((folder) => folder.id !== id),
      );
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member, UpdateMemberInput } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/projects/:id/members/:user_id: 409 LAST_OWNER when it would leave no owner. */
export async function updateMember(
  projectId: string,
  userId: number,
  input: UpdateMemberInput,
): Promise<Member> {
  const body = await api.put<{ data: Member }>(
    `/projects/${encodeURIComponent(projectId)}/members/${userId}`,
    input,
  );
  return body.data;
}

export function useUpdateMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: UpdateMemberInput }) =>
      updateMember(projectId, userId, input),
    onSuccess: (member) => {
      queryClient.setQueryData<Member[]>(queryKeys.members(projectId), (members) =>
        members?.map((item) => (item.id === member.id ? member : item)),
      );
      // The project's member list (cards, header) and the caller's own role may have changed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
  });
}

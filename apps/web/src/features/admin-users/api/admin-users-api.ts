import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminUser, AdminUserPage, AdminUserUpdate, AuditEventPage } from '@teamboard/contract';
import { api } from '../../../lib/api-client';

/** Cache keys of this feature; all start with `admin-users`, so one change refreshes them all. */
export const adminUsersKeys = {
  all: ['admin-users'] as const,
  users: (filters: Record<string, string>) => ['admin-users', 'users', filters] as const,
  admins: ['admin-users', 'admins'] as const,
  audit: (filters: Record<string, string>) => ['admin-users', 'audit', filters] as const,
};

function withQuery(path: string, filters: Record<string, string>, cursor: string | null): string {
  const search = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return query === '' ? path : `${path}?${query}`;
}

/** GET /api/admin/users?q=&account_type=&year=&semester=&section=&group=&cursor= (pages of 20). */
export function useAdminUsers(filters: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: adminUsersKeys.users(filters),
    queryFn: ({ pageParam }) => api.get<AdminUserPage>(withQuery('/admin/users', filters, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/audit_events?user=&event=&from=&to=&cursor= */
export function useAuditEvents(filters: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: adminUsersKeys.audit(filters),
    queryFn: ({ pageParam }) => api.get<AuditEventPage>(withQuery('/admin/audit_events', filters, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/admins */
export function useAdmins() {
  return useQuery({
    queryKey: adminUsersKeys.admins,
    queryFn: async () => (await api.get<{ data: AdminUser[] }>('/admin/admins')).data,
  });
}

function useAdminMutation<Input, Output = unknown>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
  });
}

/** PUT /api/admin/users/:id: account type and/or max_projects. */
export const useUpdateAdminUser = () =>
  useAdminMutation(({ id, ...input }: AdminUserUpdate & { id: number }) =>
    api.put(`/admin/users/${id}`, input),
  );

/** PUT (block) or DELETE (unblock) /api/admin/users/:id/block. */
export const useSetBlocked = () =>
  useAdminMutation(({ id, blocked }: { id: number; blocked: boolean }) =>
    blocked ? api.put(`/admin/users/${id}/block`, {}) : api.delete(`/admin/users/${id}/block`),
  );

/** POST /api/admin/users/:id/confirmation */
export const useResendConfirmation = () =>
  useAdminMutation((id: number) => api.post(`/admin/users/${id}/confirmation`, {}));

/** POST /api/admin/admins */
export const useAddAdmin = () =>
  useAdminMutation(
    async (email: string) => (await api.post<{ data: AdminUser }>('/admin/admins', { email })).data,
  );

/** DELETE /api/admin/admins/:id */
export const useRemoveAdmin = () => useAdminMutation((id: number) => api.delete(`/admin/admins/${id}`));

import { useQueryClient } from '@tanstack/react-query';
import { AdminsTab } from './admins-tab';
import { AuditTab } from './audit-tab';
import { UsersTab } from './users-tab';

/** One lazily loaded chunk for the dashboard's admin-only Users, Admins and Audit tabs. */
export function DashboardAdminTab({
  tab,
  currentUserId,
}: {
  tab: 'users' | 'admins' | 'audit';
  currentUserId: number;
}) {
  const queryClient = useQueryClient();
  if (tab === 'users') return <UsersTab currentUserId={currentUserId} />;
  if (tab === 'audit') return <AuditTab />;
  // Stepping down: the session's user (and so the dashboard's tabs) changes; refetch it.
  return (
    <AdminsTab currentUserId={currentUserId} onSteppedDown={() => void queryClient.invalidateQueries()} />
  );
}

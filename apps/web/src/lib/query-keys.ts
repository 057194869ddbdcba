/**
 * Cache keys of the server data several screens share. They live here, not in a feature, so that
 * one feature can refresh another's data (accepting an invitation refreshes the projects) without
 * importing it.
 */
export const queryKeys = {
  folders: ['folders'] as const,
  /** Prefix of every project query (list, one project, its members). */
  allProjects: ['projects'] as const,
  projects: ['projects', 'list'] as const,
  project: (id: string) => ['projects', 'detail', id] as const,
  members: (projectId: string) => ['projects', 'members', projectId] as const,
  receivedInvitations: ['invitations', 'received'] as const,
  sentInvitations: (projectId: string) => ['invitations', 'sent', projectId] as const,
  activity: ['activity'] as const,
};

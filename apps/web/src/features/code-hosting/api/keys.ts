/** Cache keys of this feature; all start with `code-hosting`, so one change can refresh them all. */
export const codeHostingKeys = {
  all: ['code-hosting'] as const,
  config: ['code-hosting', 'config'] as const,
  repositories: (projectId: string) => ['code-hosting', 'repositories', projectId] as const,
  webhook: (repositoryId: number) => ['code-hosting', 'webhook', repositoryId] as const,
  pullRequests: (projectId: string) => ['code-hosting', 'pull-requests', projectId] as const,
};

export const projectPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

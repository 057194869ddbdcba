/** Cache keys of this feature; all start with `standups`, so one change can refresh them all. */
export const standupKeys = {
  all: ['standups'] as const,
  /** A project's list; `query` as sent (an empty one is the last 7 days up to the project's today). */
  list: (projectId: string, query: Record<string, string | undefined>) =>
    ['standups', 'list', projectId, query] as const,
  analysis: (projectId: string, query: Record<string, string | undefined>) =>
    ['standups', 'analysis', projectId, query] as const,
  standup: (standupId: number) => ['standups', 'detail', standupId] as const,
};

export const projectStandupsPath = (projectId: string) =>
  `/projects/${encodeURIComponent(projectId)}/standups`;

/** The query string of a request, without the parameters left out. */
export function standupQuery(query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

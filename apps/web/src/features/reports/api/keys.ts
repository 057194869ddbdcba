/** Cache keys of this feature; all start with `reports`, so one change can refresh them all. */
export const reportKeys = {
  all: ['reports'] as const,
  report: (projectId: string, kind: string, query: Record<string, string | number | undefined>) =>
    ['reports', kind, projectId, query] as const,
};

export const reportsPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/reports`;

/** The query string of a report request, without the parameters left out. */
export function reportQuery(query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

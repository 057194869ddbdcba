/** The API paths of this feature (the cache keys are in lib/query-keys.ts: the bell's events refresh them). */
export const projectEvaluationsPath = (projectId: string) =>
  `/projects/${encodeURIComponent(projectId)}/evaluations`;

export const evaluationPath = (evaluationId: number) => `/evaluations/${evaluationId}`;

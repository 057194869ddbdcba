/** The screens' addresses under /project/:id/evaluations. */
export function evaluationRoutes(projectId: string) {
  const list = `/project/${encodeURIComponent(projectId)}/evaluations`;
  return {
    list,
    create: `${list}/new`,
    manage: (evaluationId: number) => `${list}/${evaluationId}`,
    edit: (evaluationId: number) => `${list}/${evaluationId}/edit`,
    answer: (evaluationId: number) => `${list}/${evaluationId}/answer`,
    results: (evaluationId: number) => `${list}/${evaluationId}/results`,
  };
}

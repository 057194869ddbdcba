import { useEvaluation } from '../api/get-evaluation';
import { evaluationRoutes } from '../paths';
import { EvaluationAnswer } from './evaluation-answer';
import { EvaluationManage } from './evaluation-manage';
import { EvaluationMissing } from './evaluation-missing';

interface EvaluationScreenProps {
  projectId: string;
  evaluationId: number;
  /** `answer`: the caller's own answers even when they manage it (an owner who is also invited). */
  view: 'default' | 'answer';
}

/**
 * /project/:id/evaluations/:evaluation_id: management for owners, the answer form for the invited;
 * /project/:id/evaluations/:evaluation_id/answer: the answer form for anyone invited.
 */
export function EvaluationScreen({ projectId, evaluationId, view }: EvaluationScreenProps) {
  const routes = evaluationRoutes(projectId);
  const { data: evaluation, isPending, error } = useEvaluation(evaluationId);
  const isPendingValid = isPending && evaluationId > 0;
  // One of another project, read through this project's address, is not this project's.
  if (!evaluation || evaluation.project_id !== Number(projectId))
    return <EvaluationMissing listPath={routes.list} isPending={isPendingValid && !error} error={error} />;
  if (
    evaluation.can_manage &&
    (view === 'default' || !evaluation.is_invited || evaluation.status === 'draft')
  )
    return <EvaluationManage projectId={projectId} evaluation={evaluation} />;
  if (!evaluation.is_invited)
    return <EvaluationMissing listPath={routes.list} isPending={false} error={null} />;
  return <EvaluationAnswer projectId={projectId} evaluation={evaluation} />;
}

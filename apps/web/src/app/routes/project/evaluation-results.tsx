import { useParams } from 'react-router';
import { EvaluationResultsScreen } from '../../../features/evaluations/components/evaluation-results';

/** /project/:id/evaluations/:evaluation_id/results */
export default function EvaluationResultsRoute() {
  const { id = '', evaluation_id: evaluationId = '' } = useParams();
  return (
    <EvaluationResultsScreen
      key={evaluationId}
      projectId={id}
      evaluationId={/^\d+$/.test(evaluationId) ? Number(evaluationId) : 0}
    />
  );
}

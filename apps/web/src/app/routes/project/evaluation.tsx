import { useParams } from 'react-router';
import { EvaluationScreen } from '../../../features/evaluations/components/evaluation-screen';

/** The id in the address, or 0 when it is not one. */
const idOf = (text: string | undefined) => (text && /^\d+$/.test(text) ? Number(text) : 0);

/**
 * /project/:id/evaluations/:evaluation_id (management for owners, the answer form for the invited)
 * and /project/:id/evaluations/:evaluation_id/answer (the answer form).
 */
export default function EvaluationRoute({ view }: { view: 'default' | 'answer' }) {
  const { id = '', evaluation_id: evaluationId } = useParams();
  return (
    <EvaluationScreen
      key={`${evaluationId}-${view}`}
      projectId={id}
      evaluationId={idOf(evaluationId)}
      view={view}
    />
  );
}

import { canSeeDashboard } from '@teamboard/contract';
import { useParams } from 'react-router';
import { EvaluationResultsScreen } from '../../../features/evaluations/components/evaluation-results';
import { useCurrentUser } from '../../../lib/session';

/** /project/:id/evaluations/:evaluation_id/results */
export default function EvaluationResultsRoute() {
  const { id = '', evaluation_id: evaluationId = '' } = useParams();
  // Teaching staff (teacher and admin accounts) get each rating with its rater from the server.
  const user = useCurrentUser();
  return (
    <EvaluationResultsScreen
      key={evaluationId}
      projectId={id}
      evaluationId={/^\d+$/.test(evaluationId) ? Number(evaluationId) : 0}
      teachingStaff={user ? canSeeDashboard(user.account_type) : false}
    />
  );
}

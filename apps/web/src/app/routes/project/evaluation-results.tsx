import { useParams } from 'react-router';
import { EvaluationResultsScreen } from '../../../features/evaluations/components/evaluation-results';
import { useProject } from '../../../features/projects/api/get-project';

/** /project/:id/evaluations/:evaluation_id/results */
export default function EvaluationResultsRoute() {
  const { id = '', evaluation_id: evaluationId = '' } = useParams();
  // The layout has loaded the project already: this reads the cache. No role: teaching staff.
  const { data: project } = useProject(id);
  return (
    <EvaluationResultsScreen
      key={evaluationId}
      projectId={id}
      evaluationId={/^\d+$/.test(evaluationId) ? Number(evaluationId) : 0}
      teachingStaff={project?.role === null}
    />
  );
}

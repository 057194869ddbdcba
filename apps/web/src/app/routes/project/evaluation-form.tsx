import { useParams } from 'react-router';
import { EvaluationFormScreen } from '../../../features/evaluations/components/evaluation-form-screen';
import { useProject } from '../../../features/projects/api/get-project';

/** The id in the address, or 0 when it is not one. */
const idOf = (text: string | undefined) => (text && /^\d+$/.test(text) ? Number(text) : 0);

/**
 * /project/:id/evaluations/new and /project/:id/evaluations/:evaluation_id/edit: the members to
 * choose from are the project's current ones.
 */
export default function EvaluationFormRoute() {
  const { id = '', evaluation_id: evaluationId } = useParams();
  const { data: project } = useProject(id);
  const members = (project?.members ?? []).map(({ id, name, is_team_worker }) => ({
    id,
    name,
    is_team_worker,
  }));
  return (
    <EvaluationFormScreen
      key={evaluationId ?? 'new'}
      projectId={id}
      members={members}
      evaluationId={evaluationId === undefined ? 0 : idOf(evaluationId)}
    />
  );
}

import { can } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EvaluationsScreen } from '../../../features/evaluations/components/evaluations-screen';
import { useProject } from '../../../features/projects/api/get-project';

/** /project/:id/evaluations: the ones to answer and, for owners, the ones to manage. */
export default function EvaluationsRoute() {
  const { t } = useTranslation('evaluations');
  const { id = '' } = useParams();
  // The layout has loaded the project already: this reads the cache.
  const { data: project } = useProject(id);
  return (
    <EvaluationsScreen
      projectId={id}
      title={project ? `${t('title')} · ${project.name}` : t('title')}
      canManage={can(project?.role, 'evaluations.manage')}
    />
  );
}

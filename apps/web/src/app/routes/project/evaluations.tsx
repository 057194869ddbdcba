import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ProjectScreen } from '../../../features/projects/components/project-screen';

/** /project/:id/evaluations (list, results, management and create) */
export default function EvaluationsRoute() {
  const { t } = useTranslation('projects');
  const { id = '' } = useParams();
  return <ProjectScreen title={t('pages.evaluations')} projectId={id} />;
}

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ProjectScreen } from '../../../features/projects/components/project-screen';

/** /project/:id */
export default function BoardRoute() {
  const { t } = useTranslation('projects');
  const { id = '' } = useParams();
  return <ProjectScreen title={t('pages.board')} projectId={id} />;
}

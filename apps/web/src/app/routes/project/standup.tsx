import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ProjectScreen } from '../../../features/projects/components/project-screen';

/** /project/:id/standupreports/:lesson_id (the SPEC names the stand-up id lesson_id). */
export default function StandupRoute() {
  const { t } = useTranslation('projects');
  const { id = '', lesson_id: standupId = '' } = useParams();
  return <ProjectScreen title={t('pages.standup')} projectId={id} details={`#${standupId}`} />;
}

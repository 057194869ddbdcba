import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ProjectScreen } from '../../../features/projects/components/project-screen';

/** /project/:id/lessons/:lesson_id */
export default function LessonRoute() {
  const { t } = useTranslation('projects');
  const { id = '', lesson_id: lessonId = '' } = useParams();
  return <ProjectScreen title={t('pages.lesson')} projectId={id} details={`#${lessonId}`} />;
}

import { useParams } from 'react-router';
import { LessonScreen } from '../../../features/lessons/components/lesson-screen';
import { useCurrentUser } from '../../../lib/session';

/** /project/:id/lessons/:lesson_id — `:id` is the reader's project, not necessarily the lesson's. */
export default function LessonRoute() {
  const { id = '', lesson_id: lessonId = '' } = useParams();
  const user = useCurrentUser();
  return (
    <LessonScreen
      key={lessonId}
      projectId={id}
      lessonId={/^\d+$/.test(lessonId) ? Number(lessonId) : 0}
      isAdmin={user?.account_type === 'admin'}
    />
  );
}

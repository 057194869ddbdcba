import { can } from '@teamboard/contract';
import { useParams } from 'react-router';
import { LessonsScreen } from '../../../features/lessons/components/lessons-screen';
import { useProject } from '../../../features/projects/api/get-project';
import { useCurrentUser } from '../../../lib/session';

/** /project/:id/lessons */
export default function LessonsRoute() {
  const { id = '' } = useParams();
  const { data: project } = useProject(id);
  const user = useCurrentUser();
  return (
    <LessonsScreen
      projectId={id}
      canWrite={can(project?.role, 'work.edit')}
      isAdmin={user?.account_type === 'admin'}
    />
  );
}

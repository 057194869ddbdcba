import { can } from '@teamboard/contract';
import { useParams } from 'react-router';
import { RepositoriesScreen } from '../../../features/code-hosting/components/repositories-screen';
import { useProject } from '../../../features/projects/api/get-project';

/** /project/:id/repositories */
export default function RepositoriesRoute() {
  const { id = '' } = useParams();
  const { data: project } = useProject(id);
  return (
    <RepositoriesScreen
      projectId={id}
      canManage={can(project?.role, 'project.manage')}
      canSync={can(project?.role, 'work.edit')}
    />
  );
}

import { can } from '@teamboard/contract';
import { useParams } from 'react-router';
import { MilestonesScreen } from '../../../features/milestones/components/milestones-screen';
import { useProject } from '../../../features/projects/api/get-project';

/** /project/:id/milestone */
export default function MilestonesRoute() {
  const { id = '' } = useParams();
  const { data: project } = useProject(id);
  return <MilestonesScreen projectId={id} canEdit={can(project?.role, 'work.edit')} />;
}

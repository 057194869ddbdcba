import { can } from '@teamboard/contract';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { MilestonesScreen } from '../../../features/milestones/components/milestones-screen';
import { useProject } from '../../../features/projects/api/get-project';

// The velocity chart brings the charts library: the list shows without waiting for it.
const VelocitySection = lazy(async () => ({
  default: (await import('../../../features/reports/components/velocity-section')).VelocitySection,
}));

/** /project/:id/milestone — the milestones, then the velocity of the sprints. */
export default function MilestonesRoute() {
  const { id = '' } = useParams();
  const { data: project } = useProject(id);
  return (
    <MilestonesScreen
      projectId={id}
      canEdit={can(project?.role, 'work.edit')}
      timeZone={project?.time_zone ?? null}
    >
      <Suspense fallback={null}>
        <VelocitySection projectId={id} />
      </Suspense>
    </MilestonesScreen>
  );
}

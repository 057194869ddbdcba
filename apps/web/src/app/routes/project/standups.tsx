import { can, canSeeDashboard } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useProject } from '../../../features/projects/api/get-project';
import { StandupsScreen } from '../../../features/standups/components/standups-screen';
import { useCurrentUser } from '../../../lib/session';

/** /project/:id/standupreports */
export default function StandupsRoute() {
  const { t } = useTranslation('standups');
  const { id = '' } = useParams();
  // The layout has loaded the project already: this reads the cache.
  const { data: project } = useProject(id);
  const user = useCurrentUser();
  const role = project?.role;
  return (
    <StandupsScreen
      projectId={id}
      title={project ? `${t('title')} · ${project.name}` : t('title')}
      currentUserId={user?.id ?? 0}
      canSubmit={can(role, 'work.report_own')}
      // Teaching staff see every member's row whatever their role (the server decides; this says so).
      isOwnOnly={(role === 'member' || role === 'viewer') && !(user && canSeeDashboard(user.account_type))}
    />
  );
}

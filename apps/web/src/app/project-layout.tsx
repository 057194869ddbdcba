import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { can, canSeeHourSignals } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate, useParams } from 'react-router';
import { ProjectInvitations } from '../features/invitations/components/project-invitations';
import { MembersDialog } from '../features/members/components/members-dialog';
import { useProject } from '../features/projects/api/get-project';
import { ProjectHeader } from '../features/projects/components/project-header';
import { ProjectSidebar } from '../features/projects/components/project-sidebar';
import { useStandupReminder } from '../features/standups/api/use-standup-reminder';
import { isApiError } from '../lib/api-error';
import { PHONE_BREAKPOINT } from '../lib/phone';
import { useCurrentUser } from '../lib/session';
import { RouteFallback } from './app-layout';
import { ProjectNavDrawer } from './project-nav-drawer';
import NoProjectAccessRoute from './routes/no-project-access';

/**
 * Every /project/:id screen: loads the project (the caller's role decides what is offered), then
 * the icon sidebar on the left (in a drawer on a phone), the header (role, read-only notice, Members)
 * and the screen.
 */
export default function ProjectLayout() {
  const { t } = useTranslation('projects');
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { data: project, error, isPending, refetch } = useProject(id);
  const standupReminder = useStandupReminder(id, user?.id ?? 0, can(project?.role, 'work.report_own'));

  if (isPending) return <RouteFallback />;
  if (error || !project) {
    // A private project of others answers 404 like a missing one: its existence must not leak.
    if (isApiError(error) && (error.status === 404 || error.status === 403)) return <NoProjectAccessRoute />;
    return (
      <Alert color="red" role="alert" title={t('load_failed')}>
        <Stack gap="xs" align="flex-start">
          {error?.message}
          <Button size="xs" variant="default" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const members = (
    <MembersDialog
      projectId={id}
      role={project.role}
      currentUserId={user?.id ?? 0}
      onLeft={() => void navigate('/home')}
    >
      {can(project.role, 'members.manage') && <ProjectInvitations projectId={id} />}
    </MembersDialog>
  );

  const sidebar = {
    projectId: id,
    reminders: { standups: standupReminder },
    staffEntries: canSeeHourSignals(project.role, user?.account_type),
  };

  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Paper withBorder radius="md" visibleFrom={PHONE_BREAKPOINT}>
        <ProjectSidebar {...sidebar} />
      </Paper>
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <ProjectHeader project={project} leading={<ProjectNavDrawer {...sidebar} />} actions={members} />
        <Outlet />
      </Stack>
    </Group>
  );
}

import { Group, Paper } from '@mantine/core';
import { Outlet, useParams } from 'react-router';
import { ProjectSidebar } from '../features/projects/components/project-sidebar';

/** Every /project/:id screen: the icon sidebar on the left, the screen on the right. */
export function ProjectLayout() {
  const { id = '' } = useParams();
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Paper withBorder radius="md">
        <ProjectSidebar projectId={id} />
      </Paper>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </div>
    </Group>
  );
}

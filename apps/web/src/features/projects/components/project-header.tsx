import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { can, type Project } from '@teamboard/contract';
import { IconEye, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleBadge } from './role-badge';

interface ProjectHeaderProps {
  project: Project;
  /** Before the name: the phone's project menu. */
  leading?: ReactNode;
  /** Buttons the app layer adds (the Members dialog). */
  actions?: ReactNode;
}

/** Above every project screen: the project, the caller's role, and a notice when they may only look. */
export function ProjectHeader({ project, leading, actions }: ProjectHeaderProps) {
  const { t } = useTranslation('projects');
  const isReadOnly = !can(project.role, 'work.edit');
  return (
    <Stack gap="xs">
      <Paper withBorder radius="md" px="md" py="xs">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            {leading}
            <Text fw={700}>{project.name}</Text>
            {project.is_private && (
              <Badge variant="outline" color="gray" leftSection={<IconLock size={12} aria-hidden />}>
                {t('private')}
              </Badge>
            )}
            <Group gap={6} wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('your_role')}:
              </Text>
              <RoleBadge role={project.role} />
            </Group>
          </Group>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
      </Paper>
      {isReadOnly && (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconEye size={18} aria-hidden />}
          data-testid="read-only-notice"
          role="status"
        >
          {t('read_only')}
        </Alert>
      )}
    </Stack>
  );
}

import { ActionIcon, Anchor, Avatar, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { can, type Project } from '@teamboard/contract';
import {
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconFolderSymlink,
  IconLock,
  IconPencil,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RoleBadge } from './role-badge';

export type CardAction = 'favorite' | 'move' | 'up' | 'down' | 'edit' | 'delete';

interface ProjectCardProps {
  project: Project;
  /** Move up/down only make sense in a folder's own ordered list. */
  canMoveUp: boolean;
  canMoveDown: boolean;
  onAction: (action: CardAction, project: Project) => void;
}

const VISIBLE_AVATARS = 4;

/** One project on Home: name (the link), description, members, the caller's role, star and menu. */
export const ProjectCard = memo(function ProjectCard({
  project,
  canMoveUp,
  canMoveDown,
  onAction,
}: ProjectCardProps) {
  const { t } = useTranslation('projects');
  const isOwner = can(project.role, 'project.manage');
  const nameId = `project-card-${project.id}`;
  const shown = project.members.slice(0, VISIBLE_AVATARS);
  const hidden = project.members.length - shown.length;
  const memberNames = project.members.map((member) => member.name).join(', ');

  return (
    <Card component="article" aria-labelledby={nameId} withBorder radius="md" padding="md">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Anchor component={Link} to={`/project/${project.id}`} id={nameId} fw={600} lineClamp={2}>
            {project.name}
          </Anchor>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color={project.is_favorite ? 'yellow.8' : 'gray'}
              aria-pressed={project.is_favorite}
              aria-label={t(project.is_favorite ? 'card.favorite_remove' : 'card.favorite_add', {
                name: project.name,
              })}
              onClick={() => onAction('favorite', project)}
            >
              {project.is_favorite ? (
                <IconStarFilled size={18} aria-hidden />
              ) : (
                <IconStar size={18} aria-hidden />
              )}
            </ActionIcon>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('card.actions', { name: project.name })}
                >
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconStar size={16} aria-hidden />}
                  onClick={() => onAction('favorite', project)}
                >
                  {t(project.is_favorite ? 'menu.favorite_remove' : 'menu.favorite_add')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconFolderSymlink size={16} aria-hidden />}
                  onClick={() => onAction('move', project)}
                >
                  {t('menu.move')}
                </Menu.Item>
                {canMoveUp && (
                  <Menu.Item
                    leftSection={<IconArrowUp size={16} aria-hidden />}
                    onClick={() => onAction('up', project)}
                  >
                    {t('menu.move_up')}
                  </Menu.Item>
                )}
                {canMoveDown && (
                  <Menu.Item
                    leftSection={<IconArrowDown size={16} aria-hidden />}
                    onClick={() => onAction('down', project)}
                  >
                    {t('menu.move_down')}
                  </Menu.Item>
                )}
                {isOwner && (
                  <>
                    <Menu.Divider />
                    <Menu.Item
                      leftSection={<IconPencil size={16} aria-hidden />}
                      onClick={() => onAction('edit', project)}
                    >
                      {t('menu.edit')}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => onAction('delete', project)}
                    >
                      {t('menu.delete')}
                    </Menu.Item>
                  </>
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} style={{ flex: 1 }}>
          {project.description || t('card.no_description')}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Avatar.Group spacing="sm" role="img" aria-label={`${t('card.members')}: ${memberNames}`}>
            {shown.map((member) => (
              <Avatar
                key={member.id}
                src={member.image}
                alt=""
                name={member.name}
                color="initials"
                size="sm"
              />
            ))}
            {hidden > 0 && <Avatar size="sm">+{hidden}</Avatar>}
          </Avatar.Group>
          <Group gap={4} wrap="nowrap">
            {project.is_private && (
              <Badge variant="outline" color="gray" leftSection={<IconLock size={12} aria-hidden />}>
                {t('private')}
              </Badge>
            )}
            <RoleBadge role={project.role} />
          </Group>
        </Group>
      </Stack>
    </Card>
  );
});

import { Badge } from '@mantine/core';
import type { ProjectRole } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ProjectRole, string> = { owner: 'blue', member: 'teal', viewer: 'gray' };

/** The caller's role on a project; a teacher looking at a public project has none (read-only). */
export function RoleBadge({ role }: { role: ProjectRole | null }) {
  const { t } = useTranslation('projects');
  return (
    <Badge variant="light" color={role ? COLORS[role] : 'gray'} data-testid="role-badge">
      {t(`roles.${role ?? 'none'}`)}
    </Badge>
  );
}

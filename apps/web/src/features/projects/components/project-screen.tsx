import { Text } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { useProject } from '../api/get-project';

interface ProjectScreenProps {
  title: string;
  projectId: string;
  /** What the screen was asked for (dates, milestone…), shown so the URL's meaning is visible. */
  details?: ReactNode;
}

/** A project screen whose content lands with a later issue: its title and an honest empty state. */
export function ProjectScreen({ title, projectId, details }: ProjectScreenProps) {
  const { t } = useTranslation('projects');
  // The layout has loaded the project already: this reads the cache.
  const { data: project } = useProject(projectId);
  return (
    <Page title={project ? `${title} · ${project.name}` : title}>
      <Text size="sm" c="dimmed">
        {project?.name}
        {details ? <> · {details}</> : null}
      </Text>
      <EmptyState
        icon={<IconHourglassEmpty aria-hidden size={28} />}
        title={t('empty')}
        description={t('common:coming_later')}
      />
    </Page>
  );
}

import { SimpleGrid, type ComboboxItem } from '@mantine/core';
import type { Project } from '@teamboard/contract';
import { IconLayoutKanban } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { useUpdatePlacement } from '../api/update-placement';
import { useMoveProject } from '../hooks/use-move-project';
import { DeleteProjectModal } from './delete-project-modal';
import { EditProjectModal } from './edit-project-modal';
import { MoveProjectModal } from './move-project-modal';
import { ProjectCard, type CardAction } from './project-card';

interface ProjectGridProps {
  /** Already in display order; for a folder, sorted with `sortByOrder`. */
  projects: Project[];
  /** Offer move up/down (a folder's own list, not Favorites). */
  reorderable: boolean;
  folderOptions: ComboboxItem[];
  emptyTitle: string;
  emptyHint?: string;
}

type Dialog = { kind: 'move' | 'edit' | 'delete'; project: Project } | null;

/**
 * Project cards. One set of dialogs for the whole grid and stable callbacks, so hundreds of cards
 * render once and a change to one project re-renders that card only.
 */
export function ProjectGrid({
  projects,
  reorderable,
  folderOptions,
  emptyTitle,
  emptyHint,
}: ProjectGridProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const { mutate: place } = useUpdatePlacement();
  const move = useMoveProject();
  const latest = useRef(projects);
  latest.current = projects;

  const handleAction = useCallback(
    (action: CardAction, project: Project) => {
      switch (action) {
        case 'favorite':
          place({ id: project.id, input: { is_favorite: !project.is_favorite } });
          break;
        case 'up':
        case 'down': {
          const list = latest.current;
          move(
            list,
            list.findIndex((item) => item.id === project.id),
            action,
          );
          break;
        }
        default:
          setDialog({ kind: action, project });
      }
    },
    [place, move],
  );

  const close = useCallback(() => setDialog(null), []);

  if (projects.length === 0) {
    return (
      <EmptyState
        icon={<IconLayoutKanban aria-hidden size={28} />}
        title={emptyTitle}
        description={emptyHint}
      />
    );
  }

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm">
        {projects.map((project, index) => (
          <ProjectCard
            key={project.id}
            project={project}
            canMoveUp={reorderable && index > 0}
            canMoveDown={reorderable && index < projects.length - 1}
            onAction={handleAction}
          />
        ))}
      </SimpleGrid>
      <MoveProjectModal
        project={dialog?.kind === 'move' ? dialog.project : null}
        folderOptions={folderOptions}
        onClose={close}
      />
      <EditProjectModal project={dialog?.kind === 'edit' ? dialog.project : null} onClose={close} />
      <DeleteProjectModal project={dialog?.kind === 'delete' ? dialog.project : null} onClose={close} />
    </>
  );
}

import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

interface EditDeleteActionsProps {
  /** What each button says to a screen reader, naming the item ("Edit Sprint 1"). */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  size?: 'sm' | 'md';
}

/** The pencil and bin pair beside an item of a list (comments, hours, labels, milestones). */
export function EditDeleteActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  size = 'sm',
}: EditDeleteActionsProps) {
  const iconSize = size === 'sm' ? 14 : 16;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" size={size} aria-label={editLabel} onClick={onEdit}>
        <IconPencil size={iconSize} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" size={size} color="red" aria-label={deleteLabel} onClick={onDelete}>
        <IconTrash size={iconSize} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

import { ActionIcon, Button, Group } from '@mantine/core';
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

/** The worded Edit and Delete buttons among a card's actions (course templates, knowledge forms). */
export function EditDeleteButtons({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: Omit<EditDeleteActionsProps, 'size'>) {
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit}>
        {editLabel}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={onDelete}
      >
        {deleteLabel}
      </Button>
    </>
  );
}

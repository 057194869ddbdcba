import { ActionIcon, Button, Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Folder } from '@teamboard/contract';
import { IconArchiveOff, IconChevronDown, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateFolder } from '../api/update-folder';
import { useFolderLabel } from '../hooks/use-folder-label';
import { DeleteFolderModal } from './delete-folder-modal';

interface ArchivedFolderListProps {
  folders: Folder[];
  counts: ReadonlyMap<number, number>;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** Archived folders, collapsed until asked for: open one, unarchive it, or delete it. */
export function ArchivedFolderList({ folders, counts, selectedId, onSelect }: ArchivedFolderListProps) {
  const { t } = useTranslation('folders');
  const label = useFolderLabel();
  const update = useUpdateFolder();
  const [isOpen, setIsOpen] = useState(false);
  const [deleting, setDeleting] = useState<Folder | null>(null);
  const panelId = useId();
  const archived = useMemo(() => folders.filter((folder) => folder.is_archived), [folders]);

  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        justify="flex-start"
        leftSection={
          isOpen ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />
        }
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen ? t('hide_archived') : t('show_archived', { count: archived.length })}
      </Button>
      <Collapse expanded={isOpen} id={panelId}>
        {archived.length === 0 ? (
          <EmptyState title={t('home:archived.empty')} />
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} aria-label={t('archived_list')}>
            {archived.map((folder) => {
              const name = label(folder);
              return (
                <Group key={folder.id} component="li" gap={4} wrap="nowrap" style={{ listStyle: 'none' }}>
                  <UnstyledButton
                    onClick={() => onSelect(folder.id)}
                    aria-current={folder.id === selectedId ? 'true' : undefined}
                    style={{ flex: 1, minWidth: 0 }}
                    px="xs"
                    py={4}
                  >
                    <Text size="sm" fw={folder.id === selectedId ? 700 : 400} truncate>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('count', { count: counts.get(folder.id) ?? 0 })}
                    </Text>
                  </UnstyledButton>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('unarchive_named', { name })}
                    onClick={() =>
                      update.mutate(
                        { id: folder.id, input: { is_archived: false } },
                        { onSuccess: () => notifySuccess(t('unarchived')) },
                      )
                    }
                  >
                    <IconArchiveOff size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('delete_named', { name })}
                    onClick={() => setDeleting(folder)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              );
            })}
          </Stack>
        )}
      </Collapse>
      <DeleteFolderModal
        folder={deleting}
        label={deleting ? label(deleting) : ''}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

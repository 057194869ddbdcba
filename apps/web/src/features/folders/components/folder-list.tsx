import { ActionIcon, Button, Group, Menu, NavLink, Stack } from '@mantine/core';
import type { Folder } from '@teamboard/contract';
import {
  IconArchive,
  IconDots,
  IconFolder,
  IconFolderPlus,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateFolder } from '../api/update-folder';
import { useFolderLabel } from '../hooks/use-folder-label';
import { DeleteFolderModal } from './delete-folder-modal';
import { FolderNameModal } from './folder-name-modal';

interface FolderListProps {
  /** Every folder of the caller; archived ones are left to ArchivedFolderList. */
  folders: Folder[];
  /** Projects per folder id. */
  counts: ReadonlyMap<number, number>;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

interface FolderRowProps {
  folder: Folder;
  label: string;
  count: number;
  isSelected: boolean;
  onSelect: (id: number) => void;
  onRename: (folder: Folder) => void;
  onArchive: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
}

const FolderRow = memo(function FolderRow(props: FolderRowProps) {
  const { folder, label, count, isSelected, onSelect, onRename, onArchive, onDelete } = props;
  const { t } = useTranslation('folders');
  return (
    <Group component="li" gap={4} wrap="nowrap" style={{ listStyle: 'none' }}>
      <NavLink
        component="button"
        type="button"
        label={label}
        description={t('count', { count })}
        active={isSelected}
        aria-current={isSelected ? 'true' : undefined}
        leftSection={<IconFolder size={18} aria-hidden />}
        onClick={() => onSelect(folder.id)}
        style={{ flex: 1, borderRadius: 'var(--mantine-radius-md)' }}
      />
      {!folder.is_default && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('actions', { name: label })}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onRename(folder)}>
              {t('rename')}
            </Menu.Item>
            <Menu.Item leftSection={<IconArchive size={16} aria-hidden />} onClick={() => onArchive(folder)}>
              {t('archive')}
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onDelete(folder)}
            >
              {t('delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
});

/** The caller's folders (default first): select one to see its projects; create, rename, archive, delete. */
export function FolderList({ folders, counts, selectedId, onSelect }: FolderListProps) {
  const { t } = useTranslation('folders');
  const label = useFolderLabel();
  const { mutate: updateFolder } = useUpdateFolder();
  const [isCreating, setIsCreating] = useState(false);
  const [renaming, setRenaming] = useState<Folder | undefined>();
  const [deleting, setDeleting] = useState<Folder | null>(null);

  const active = useMemo(
    () =>
      folders
        .filter((folder) => !folder.is_archived)
        .sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.id - b.id),
    [folders],
  );

  const handleArchive = useCallback(
    (folder: Folder) =>
      updateFolder(
        { id: folder.id, input: { is_archived: true } },
        { onSuccess: () => notifySuccess(t('archived')) },
      ),
    [updateFolder, t],
  );

  return (
    <Stack gap="xs">
      {active.length === 0 ? (
        <EmptyState icon={<IconFolder aria-hidden size={28} />} title={t('home:folders.empty')} />
      ) : (
        <Stack component="ul" gap={2} p={0} m={0} aria-label={t('list')}>
          {active.map((folder) => (
            <FolderRow
              key={folder.id}
              folder={folder}
              label={label(folder)}
              count={counts.get(folder.id) ?? 0}
              isSelected={folder.id === selectedId}
              onSelect={onSelect}
              onRename={setRenaming}
              onArchive={handleArchive}
              onDelete={setDeleting}
            />
          ))}
        </Stack>
      )}
      <Button
        variant="light"
        leftSection={<IconFolderPlus size={16} aria-hidden />}
        onClick={() => setIsCreating(true)}
      >
        {t('new')}
      </Button>
      <FolderNameModal
        opened={isCreating || renaming !== undefined}
        folder={renaming}
        onCreated={(folder) => onSelect(folder.id)}
        onClose={() => {
          setIsCreating(false);
          setRenaming(undefined);
        }}
      />
      <DeleteFolderModal
        folder={deleting}
        label={deleting ? label(deleting) : ''}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

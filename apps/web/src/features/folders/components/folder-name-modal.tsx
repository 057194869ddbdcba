import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { CreateFolderInputSchema, type Folder } from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { validate } from '../../../lib/validation';
import { useCreateFolder } from '../api/create-folder';
import { useUpdateFolder } from '../api/update-folder';

interface FolderNameModalProps {
  opened: boolean;
  onClose: () => void;
  /** The folder to rename; a new folder when absent. */
  folder?: Folder;
  onCreated?: (folder: Folder) => void;
}

function FolderNameForm({ folder, onClose, onCreated }: Omit<FolderNameModalProps, 'opened'>) {
  const { t } = useTranslation('folders');
  const [name, setName] = useState(folder?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateFolder();
  const update = useUpdateFolder();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(CreateFolderInputSchema, { name });
    setError(result.errors?.name ? t(`errors:${result.errors.name}`) : undefined);
    if (result.data === null) return;
    if (folder) {
      update.mutate(
        { id: folder.id, input: result.data },
        {
          onSuccess: () => {
            notifySuccess(t('renamed'));
            onClose();
          },
        },
      );
    } else {
      create.mutate(result.data, {
        onSuccess: (created) => {
          notifySuccess(t('created'));
          onCreated?.(created);
          onClose();
        },
      });
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('name')}
          required
          data-autofocus
          value={name}
          error={error}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {folder ? t('save') : t('create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Creates a folder or renames one. */
export function FolderNameModal({ opened, onClose, folder, onCreated }: FolderNameModalProps) {
  const { t } = useTranslation('folders');
  return (
    <Modal opened={opened} onClose={onClose} title={folder ? t('rename_title') : t('create_title')}>
      {opened && (
        <FolderNameForm key={folder?.id ?? 'new'} folder={folder} onClose={onClose} onCreated={onCreated} />
      )}
    </Modal>
  );
}

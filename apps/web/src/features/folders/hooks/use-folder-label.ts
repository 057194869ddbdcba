import type { ComboboxItem } from '@mantine/core';
import { DEFAULT_FOLDER_NAME, type Folder } from '@teamboard/contract';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Labelled = Pick<Folder, 'name' | 'is_default'>;

/** The name a person reads: the default folder is "My projects" in their language, never `<DefaultFolder>`. */
export function useFolderLabel(): (folder: Labelled) => string {
  const { t } = useTranslation('folders');
  return useCallback(
    (folder: Labelled) =>
      folder.is_default || folder.name === DEFAULT_FOLDER_NAME ? t('default') : folder.name,
    [t],
  );
}

/** Select options of the folders that can receive a project (the non-archived ones, default first). */
export function useFolderOptions(folders: Folder[] | undefined): ComboboxItem[] {
  const label = useFolderLabel();
  return useMemo(
    () =>
      (folders ?? [])
        .filter((folder) => !folder.is_archived)
        .sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.id - b.id)
        .map((folder) => ({ value: String(folder.id), label: label(folder) })),
    [folders, label],
  );
}

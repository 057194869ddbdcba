import { Avatar, Button, FileButton, Group, Stack } from '@mantine/core';
import { ALLOWED_IMAGE_TYPES, PROFILE_IMAGE_MAX_BYTES, type User } from '@teamboard/contract';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRemoveProfilePhoto, useUploadProfilePhoto } from '../api/profile-photo';

const MEGABYTE = 1024 * 1024;

/** Checks what the server would refuse, before sending (docs/spec.md §5 image formats). */
export function photoProblem(file: File): { code: string; params?: Record<string, string> } | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type))
    return { code: 'IMAGE_FORMAT_NOT_ALLOWED' };
  if (file.size > PROFILE_IMAGE_MAX_BYTES) {
    return { code: 'FILE_TOO_LARGE', params: { max: `${PROFILE_IMAGE_MAX_BYTES / MEGABYTE} MB` } };
  }
  return null;
}

export function PhotoCard({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const upload = useUploadProfilePhoto();
  const remove = useRemoveProfilePhoto();

  function handleFile(file: File | null) {
    if (file === null) return;
    const problem = photoProblem(file);
    if (problem !== null) {
      notifyError(t(`errors:${problem.code}`, problem.params));
      return;
    }
    upload.mutate(file, { onSuccess: () => notifySuccess(t('my_profile.uploaded')) });
  }

  return (
    <Stack align="center" gap="sm">
      <Avatar src={user.image} alt={user.name} name={user.name} size={128} color="initials" />
      <Group>
        <FileButton onChange={handleFile} accept={ALLOWED_IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending}>
              {t('my_profile.upload')}
            </Button>
          )}
        </FileButton>
        {user.image !== null && (
          <Button
            variant="default"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, { onSuccess: () => notifySuccess(t('my_profile.removed')) })
            }
          >
            {t('my_profile.remove')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

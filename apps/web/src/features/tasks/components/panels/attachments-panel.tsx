import { ActionIcon, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { can } from '@teamboard/contract';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../../lib/notify';
import { useDeleteAttachment } from '../../api/delete-attachment';
import { useAttachments } from '../../api/get-attachments';
import { useUploadAttachment } from '../../api/upload-attachment';
import type { PanelProps } from './panel-props';
import { useFormat } from '../../../../lib/use-format';

export function AttachmentsPanel({ taskId, role }: PanelProps) {
  const { t } = useTranslation('tasks');
  const format = useFormat();
  const { data: attachments = [] } = useAttachments(taskId);
  const upload = useUploadAttachment(taskId);
  const remove = useDeleteAttachment(taskId);
  const canEdit = can(role, 'work.edit');
  return (
    <Stack gap="sm">
      {canEdit && (
        <FileButton
          onChange={(file) =>
            file && upload.mutate(file, { onSuccess: () => notifySuccess(t('attachments.uploaded')) })
          }
        >
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={upload.isPending} w="fit-content">
              {t('attachments.upload')}
            </Button>
          )}
        </FileButton>
      )}
      {attachments.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('attachments.empty')}
        </Text>
      )}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {attachments.map((attachment) => (
          <Group component="li" key={attachment.id} gap="sm" wrap="nowrap">
            {attachment.thumbnail_url ? (
              <Image
                src={attachment.thumbnail_url}
                alt={attachment.name}
                w={48}
                h={48}
                fit="cover"
                radius="sm"
              />
            ) : null}
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" truncate>
                {attachment.name}
              </Text>
              <Text size="xs" c="dimmed">
                {format.fileSize(attachment.size)}
              </Text>
            </Stack>
            <ActionIcon
              component="a"
              href={attachment.url}
              download={attachment.name}
              variant="subtle"
              aria-label={t('attachments.download', { name: attachment.name })}
            >
              <IconDownload size={16} aria-hidden />
            </ActionIcon>
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('attachments.delete', { name: attachment.name })}
                onClick={() => remove.mutate(attachment.id)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

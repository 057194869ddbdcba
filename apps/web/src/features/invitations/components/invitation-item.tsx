import { ActionIcon, Avatar, Group, Stack, Text } from '@mantine/core';
import { SENDER_NAME_MAX_LENGTH, type ReceivedInvitation } from '@teamboard/contract';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import { truncate } from '../../../lib/truncate';

interface InvitationItemProps {
  invitation: ReceivedInvitation;
  isBusy: boolean;
  onAccept: (invitation: ReceivedInvitation) => void;
  onReject: (invitation: ReceivedInvitation) => void;
}

/** docs/spec.md §2: sender image and name (100 characters at most), date D/M/YYYY, who/which project/which role. */
export function InvitationItem({ invitation, isBusy, onAccept, onReject }: InvitationItemProps) {
  const { t } = useTranslation('invitations');
  const format = useFormat();
  const sender = truncate(invitation.sender_name, SENDER_NAME_MAX_LENGTH);
  return (
    <Group component="li" wrap="nowrap" align="flex-start" gap="sm" style={{ listStyle: 'none' }}>
      <Avatar src={invitation.sender_image} alt={sender} name={sender} color="initials" />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="invitation-sender">
          {sender}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('sent_by', {
            name: sender,
            project: invitation.project_name,
            role: t(`roles.${invitation.role}`),
          })}
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={invitation.date_sent}>
          {format.date(invitation.date_sent)}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="light"
          color="green"
          aria-label={t('accept')}
          disabled={isBusy}
          onClick={() => onAccept(invitation)}
        >
          <IconCheck size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="light"
          color="red"
          aria-label={t('reject')}
          disabled={isBusy}
          onClick={() => onReject(invitation)}
        >
          <IconX size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}

import { ActionIcon, Avatar, Group, Indicator, Popover, Stack, Text, Title } from '@mantine/core';
import { SENDER_NAME_MAX_LENGTH } from '@teamboard/contract';
import { IconBell } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { truncate } from '../../../lib/truncate';
import { useInvitations, type ReceivedInvitation } from '../api/get-invitations';

function InvitationItem({ invitation }: { invitation: ReceivedInvitation }) {
  const { t } = useTranslation();
  const sender = truncate(invitation.sender_name, SENDER_NAME_MAX_LENGTH);
  return (
    <Group wrap="nowrap" align="flex-start">
      <Avatar src={invitation.sender_image} alt={sender} name={sender} color="initials" />
      <Stack gap={2}>
        <Text size="sm">
          {t('invitations.sent_by', {
            name: sender,
            project: invitation.project_name,
            role: invitation.role,
          })}
        </Text>
        <Text size="xs" c="dimmed">
          {dayjs(invitation.date_sent).format('D/M/YYYY')}
        </Text>
      </Stack>
    </Group>
  );
}

/** The top bar's bell: a dot when invitations are pending, and the panel listing them. */
export function InvitationsBell() {
  const { t } = useTranslation();
  const { data: invitations = [] } = useInvitations(true);
  const hasPending = invitations.length > 0;

  return (
    <Popover width={340} position="bottom-end" shadow="md">
      {/* The target is the button itself: Popover puts aria-expanded on it, not on the dot's wrapper. */}
      <Indicator disabled={!hasPending} size={9} offset={6} color="red">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={hasPending ? t('invitations.pending') : t('invitations.label')}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        <Title order={2} size="h5" mb="xs">
          {t('invitations.title')}
        </Title>
        {hasPending ? (
          <Stack gap="sm">
            {invitations.map((invitation) => (
              <InvitationItem key={invitation.id} invitation={invitation} />
            ))}
          </Stack>
        ) : (
          <EmptyState title={t('invitations.empty')} />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

import { ActionIcon, Indicator, Popover, Stack, Text, Title, type ComboboxItem } from '@mantine/core';
import type { ReceivedInvitation } from '@teamboard/contract';
import { IconBell } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../lib/notify';
import { useInvitations } from '../api/get-invitations';
import { useRejectInvitation } from '../api/reject-invitation';
import { AcceptInvitationModal } from './accept-invitation-modal';
import { InvitationItem } from './invitation-item';

interface InvitationsBellProps {
  /** The caller's non-archived folders, for "accept into which folder". */
  folderOptions: ComboboxItem[];
  /** Told when the panel opens, so the app can load what accepting needs. */
  onOpen?: () => void;
  /**
   * More to answer, composed by the app (features do not import each other): the evaluations to
   * answer. `extraCount` joins the invitations in the dot; the section gets a `close` for its links.
   */
  extraSection?: (close: () => void) => ReactNode;
  extraCount?: number;
}

/** The top bar's bell: a dot while invitations are pending, and the panel to accept or reject them. */
export function InvitationsBell({
  folderOptions,
  onOpen,
  extraSection,
  extraCount = 0,
}: InvitationsBellProps) {
  const { t } = useTranslation('invitations');
  const [opened, setOpened] = useState(false);
  const [accepting, setAccepting] = useState<ReceivedInvitation | null>(null);
  const { data: invitations = [] } = useInvitations(true);
  const reject = useRejectInvitation();
  const hasInvitations = invitations.length > 0;
  const hasPending = hasInvitations || extraCount > 0;

  function handleOpenChange(next: boolean) {
    setOpened(next);
    if (next) onOpen?.();
  }

  function handleAccept(invitation: ReceivedInvitation) {
    // The folder question is a modal of its own; the panel closes so focus goes to it.
    setOpened(false);
    setAccepting(invitation);
  }

  function handleReject(invitation: ReceivedInvitation) {
    reject.mutate(invitation.id, { onSuccess: () => notifySuccess(t('deleteInvitation')) });
  }

  return (
    <>
      <Popover width={360} position="bottom-end" shadow="md" opened={opened} onChange={handleOpenChange}>
        {/* The target is the button itself: Popover puts aria-expanded on it, not on the dot's wrapper. */}
        <Indicator disabled={!hasPending} size={9} offset={6} color="red">
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={hasPending ? t('pending') : t('label')}
              onClick={() => handleOpenChange(!opened)}
            >
              <IconBell size={20} aria-hidden />
            </ActionIcon>
          </Popover.Target>
        </Indicator>
        <Popover.Dropdown>
          <Title order={2} size="h5" mb="xs">
            {t('title')}
          </Title>
          {hasInvitations ? (
            <Stack component="ul" gap="md" p={0} m={0} aria-label={t('title')}>
              {invitations.map((invitation) => (
                <InvitationItem
                  key={invitation.id}
                  invitation={invitation}
                  isBusy={reject.isPending && reject.variables === invitation.id}
                  onAccept={handleAccept}
                  onReject={handleReject}
                />
              ))}
            </Stack>
          ) : extraCount > 0 ? (
            <Text size="sm" c="dimmed">
              {t('empty')}
            </Text>
          ) : (
            <EmptyState title={t('empty')} />
          )}
          {extraCount > 0 && extraSection && (
            <Stack mt="md" gap="xs">
              {extraSection(() => setOpened(false))}
            </Stack>
          )}
        </Popover.Dropdown>
      </Popover>
      <AcceptInvitationModal
        invitation={accepting}
        folderOptions={folderOptions}
        onClose={() => setAccepting(null)}
      />
    </>
  );
}

import { Paper, Stack, Title, type ComboboxItem } from '@mantine/core';
import type { Project, ReceivedInvitation } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { useInvitations } from '../api/get-invitations';
import { useRejectInvitation } from '../api/reject-invitation';
import { AcceptInvitationModal } from './accept-invitation-modal';
import { InvitationItem } from './invitation-item';

interface PendingInvitationsProps {
  /** The caller's non-archived folders, for "accept into which folder". */
  folderOptions: ComboboxItem[];
  /** Told once joined: Home opens the project. */
  onJoined: (project: Project) => void;
}

/**
 * Home's card of invitations waiting for an answer, so a newly invited student does not land on an
 * empty page with only a dot on the bell. Nothing at all when none waits: Home's empty states stay
 * as they are. Declining asks first: the server deletes the invitation and only its sender can
 * send it again, so there is nothing to undo.
 */
export function PendingInvitations({ folderOptions, onJoined }: PendingInvitationsProps) {
  const { t } = useTranslation('invitations');
  const { data: invitations = [] } = useInvitations(true);
  const [accepting, setAccepting] = useState<ReceivedInvitation | null>(null);
  const [declining, setDeclining] = useState<ReceivedInvitation | null>(null);
  const reject = useRejectInvitation();

  function handleDecline() {
    if (!declining) return;
    reject.mutate(declining.id, {
      onSuccess: () => {
        notifySuccess(t('deleteInvitation'));
        setDeclining(null);
      },
    });
  }

  if (invitations.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby="home-invitations" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="home-invitations">
          {t('home.title', { count: invitations.length })}
        </Title>
        <Stack component="ul" gap="md" p={0} m={0} aria-labelledby="home-invitations">
          {invitations.map((invitation) => (
            <InvitationItem
              key={invitation.id}
              invitation={invitation}
              isBusy={reject.isPending && reject.variables === invitation.id}
              onAccept={setAccepting}
              onReject={setDeclining}
            />
          ))}
        </Stack>
      </Stack>
      <AcceptInvitationModal
        invitation={accepting}
        folderOptions={folderOptions}
        onClose={() => setAccepting(null)}
        onJoined={onJoined}
      />
      <ConfirmModal
        opened={declining !== null}
        title={t('home.decline_title', { project: declining?.project_name ?? '' })}
        text={t('home.decline_text')}
        confirmLabel={t('reject')}
        cancelLabel={t('cancel')}
        isPending={reject.isPending}
        isDestructive
        onConfirm={handleDecline}
        onClose={() => setDeclining(null)}
      />
    </Paper>
  );
}

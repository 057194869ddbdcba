import { Button, Group, Modal, Select, Stack, Text, type ComboboxItem } from '@mantine/core';
import type { Project, ReceivedInvitation } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useAcceptInvitation } from '../api/accept-invitation';

interface AcceptFormProps {
  invitation: ReceivedInvitation;
  folderOptions: ComboboxItem[];
  onClose: () => void;
  onJoined?: (project: Project) => void;
}

function AcceptInvitationForm({ invitation, folderOptions, onClose, onJoined }: AcceptFormProps) {
  const { t } = useTranslation('invitations');
  const [chosen, setChosen] = useState<string | null>(null);
  const folderId = chosen ?? folderOptions[0]?.value ?? null;
  const accept = useAcceptInvitation();

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (folderId === null) return;
        accept.mutate(
          { id: invitation.id, input: { folder_id: Number(folderId) } },
          {
            onSuccess: (response) => {
              notifySuccess(t('joined'));
              onClose();
              onJoined?.(response.data);
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('accept_text')}</Text>
        <Select
          label={t('folder')}
          data={folderOptions}
          value={folderId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={setChosen}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={folderId === null} loading={accept.isPending}>
            {t('join')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface AcceptInvitationModalProps {
  invitation: ReceivedInvitation | null;
  /** The caller's non-archived folders. */
  folderOptions: ComboboxItem[];
  onClose: () => void;
  /** Told once joined, with the project as the new member sees it (Home opens it). */
  onJoined?: (project: Project) => void;
}

/** Accepting asks which folder receives the project (docs/product.md, Invitations). */
export function AcceptInvitationModal({
  invitation,
  folderOptions,
  onClose,
  onJoined,
}: AcceptInvitationModalProps) {
  const { t } = useTranslation('invitations');
  return (
    <Modal
      opened={invitation !== null}
      onClose={onClose}
      title={invitation ? t('accept_title', { project: invitation.project_name }) : ''}
    >
      {invitation && (
        <AcceptInvitationForm
          key={invitation.id}
          invitation={invitation}
          folderOptions={folderOptions}
          onClose={onClose}
          onJoined={onJoined}
        />
      )}
    </Modal>
  );
}

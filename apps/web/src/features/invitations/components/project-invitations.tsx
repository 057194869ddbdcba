import { ActionIcon, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { CreateInvitationInputSchema, type ProjectRole, type SentInvitation } from '@teamboard/contract';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import { notifySuccess } from '../../../lib/notify';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useCreateInvitation } from '../api/create-invitation';
import { useDeleteInvitation } from '../api/delete-invitation';
import { useSentInvitations } from '../api/get-sent-invitations';
import { useUpdateInvitation } from '../api/update-invitation';
import { RoleSelect } from '../../../components/role-select';

function InviteForm({ projectId }: { projectId: string }) {
  const { t } = useTranslation('invitations');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ProjectRole>('member');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateInvitation(projectId);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(CreateInvitationInputSchema, { email, role });
    setErrors(result.errors ?? {});
    if (result.data === null) return;
    create.mutate(result.data, {
      onSuccess: ({ invitation, isNew }) => {
        notifySuccess(t(isNew ? 'invite.sent' : 'invite.updated', { email: invitation.email }));
        // The next invitation starts from the default role: keeping the last one would silently
        // change the pending role of the next person re-invited.
        setEmail('');
        setRole('member');
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="invite-title">
      <Stack gap="xs">
        <Title order={3} size="h6" id="invite-title">
          {t('invite.title')}
        </Title>
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            label={t('invite.email')}
            type="email"
            required
            withAsterisk={false}
            autoComplete="off"
            value={email}
            error={errors.email ? t(`errors:${errors.email}`) : undefined}
            onChange={(event) => setEmail(event.currentTarget.value)}
            style={{ flex: '2 1 200px' }}
          />
          <RoleSelect
            label={t('invite.role')}
            value={role}
            onChange={setRole}
            style={{ flex: '1 1 120px' }}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={create.isPending}>
            {t('invite.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SentInvitationRow({ projectId, invitation }: { projectId: string; invitation: SentInvitation }) {
  const { t } = useTranslation('invitations');
  const format = useFormat();
  const update = useUpdateInvitation(projectId);
  const remove = useDeleteInvitation(projectId);
  return (
    <Group component="li" wrap="nowrap" gap="xs" style={{ listStyle: 'none' }}>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" truncate>
          {invitation.email}
        </Text>
        <Text size="xs" c="dimmed">
          {t('sent.date', { date: format.date(invitation.date_sent) })}
        </Text>
      </Stack>
      <RoleSelect
        aria-label={t('sent.role_of', { email: invitation.email })}
        value={invitation.role}
        size="xs"
        w={140}
        disabled={update.isPending}
        onChange={(role) =>
          update.mutate(
            { id: invitation.id, input: { role } },
            { onSuccess: () => notifySuccess(t('sent.updated')) },
          )
        }
      />
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('sent.delete', { email: invitation.email })}
        loading={remove.isPending}
        onClick={() => remove.mutate(invitation.id, { onSuccess: () => notifySuccess(t('sent.deleted')) })}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** For owners, inside the Members dialog: invite by email with a role, and the pending invitations. */
export function ProjectInvitations({ projectId }: { projectId: string }) {
  const { t } = useTranslation('invitations');
  const { data: invitations = [] } = useSentInvitations(projectId);
  return (
    <Stack gap="md">
      <InviteForm projectId={projectId} />
      <Stack gap="xs">
        <Title order={3} size="h6" id="sent-invitations-title">
          {t('sent.title')}
        </Title>
        {invitations.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('sent.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} aria-labelledby="sent-invitations-title">
            {invitations.map((invitation) => (
              <SentInvitationRow key={invitation.id} projectId={projectId} invitation={invitation} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

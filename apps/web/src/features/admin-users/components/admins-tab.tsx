import { Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import type { AdminUser } from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../lib/notify';
import { useAddAdmin, useAdmins, useRemoveAdmin } from '../api/admin-users-api';

/**
 * The dashboard's Admins tab: add an existing account by email, remove one (oneself too: stepping
 * down). The server refuses to remove the last active administrator (LAST_ADMIN).
 */
export function AdminsTab({
  currentUserId,
  onSteppedDown,
}: {
  currentUserId: number;
  onSteppedDown: () => void;
}) {
  const { t } = useTranslation('admin_users');
  const admins = useAdmins();
  const add = useAddAdmin();
  const remove = useRemoveAdmin();
  const [email, setEmail] = useState('');
  const [removing, setRemoving] = useState<AdminUser | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') return;
    add.mutate(email, {
      onSuccess: (admin) => {
        notifySuccess(t('admins.added', { name: admin.name }));
        setEmail('');
      },
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('admins.intro')}
      </Text>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('admins.email')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            style={{ flex: '1 1 16rem' }}
            maxLength={254}
          />
          <Button type="submit" leftSection={<IconUserPlus size={16} aria-hidden />} loading={add.isPending}>
            {t('admins.add')}
          </Button>
        </Group>
      </form>
      {admins.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common:loading')} />
      ) : (admins.data ?? []).length === 0 ? (
        <EmptyState title={t('admins.empty')} />
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {admins.data!.map((admin) => (
            <Card key={admin.id} component="li" withBorder padding="sm">
              <Group justify="space-between" gap="xs">
                <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {admin.name}
                    {admin.id === currentUserId && ` (${t('admins.you')})`}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {admin.email}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconUserMinus size={14} aria-hidden />}
                  onClick={() => setRemoving(admin)}
                  aria-label={`${t('admins.remove')} ${admin.name}`}
                >
                  {t('admins.remove')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={removing !== null}
        title={t('admins.remove_title', { name: removing?.name ?? '' })}
        text={t(removing?.id === currentUserId ? 'admins.remove_self_text' : 'admins.remove_text')}
        confirmLabel={t('admins.remove')}
        cancelLabel={t('users.cancel')}
        isPending={remove.isPending}
        isDestructive
        onConfirm={() =>
          remove.mutate(removing!.id, {
            onSuccess: () => {
              notifySuccess(t('admins.removed', { name: removing!.name }));
              if (removing!.id === currentUserId) onSteppedDown();
              setRemoving(null);
            },
          })
        }
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

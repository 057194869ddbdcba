import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBan, IconLockOpen, IconMailForward, IconPencil, IconSearch } from '@tabler/icons-react';
import {
  ACCOUNT_TYPES,
  MaxProjectsSchema,
  maxProjectsForType,
  semesterList,
  type AccountType,
  type AdminUser,
  type ErrorCode,
} from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { WholeNumberInput } from '../../../components/whole-number-input';
import { notifySuccess } from '../../../lib/notify';
import {
  useAdminUsers,
  useResendConfirmation,
  useSetBlocked,
  useUpdateAdminUser,
} from '../api/admin-users-api';

const EMPTY_FILTERS = { q: '', account_type: '', year: '', semester: '', section: '', group: '' };

/** The dashboard's Users tab (admins): search, filters, account type, max_projects, block, resend. */
export function UsersTab({ currentUserId }: { currentUserId: number }) {
  const { t } = useTranslation('admin_users');
  const [filters, setFilters] = useState(EMPTY_FILTERS);
  const [debounced] = useDebouncedValue(filters, 300);
  const users = useAdminUsers(debounced);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [blocking, setBlocking] = useState<AdminUser | null>(null);
  const setBlocked = useSetBlocked();
  const set = (field: keyof typeof EMPTY_FILTERS) => (value: string | null) =>
    setFilters((current) => ({ ...current, [field]: value ?? '' }));
  const rows = users.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Stack gap="md">
      <TextInput
        label={t('users.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.q}
        onChange={(event) => set('q')(event.currentTarget.value)}
        maxLength={200}
      />
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        <Select
          label={t('users.account_type')}
          placeholder={t('users.any_type')}
          data={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`account_types.${type}`) }))}
          value={filters.account_type || null}
          onChange={set('account_type')}
          clearable
        />
        <TextInput
          label={t('users.year')}
          inputMode="numeric"
          value={filters.year}
          onChange={(event) => set('year')(event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
        />
        <Select
          label={t('users.semester')}
          data={semesterList()}
          value={filters.semester || null}
          onChange={set('semester')}
          clearable
        />
        <TextInput
          label={t('users.section')}
          value={filters.section}
          maxLength={100}
          onChange={(event) => set('section')(event.currentTarget.value)}
        />
        <TextInput
          label={t('users.group')}
          value={filters.group}
          maxLength={100}
          onChange={(event) => set('group')(event.currentTarget.value)}
        />
      </SimpleGrid>
      {users.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common:loading')} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('users.empty')} />
      ) : (
        <Stack
          gap="sm"
          aria-label={t('tabs.users')}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {rows.map((user) => (
            <UserCard
              key={user.id}
              user={user}
              isSelf={user.id === currentUserId}
              onEdit={() => setEditing(user)}
              onBlock={() => setBlocking(user)}
            />
          ))}
        </Stack>
      )}
      {users.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void users.fetchNextPage()}
          loading={users.isFetchingNextPage}
        >
          {t('users.more')}
        </Button>
      )}
      {editing && <EditUserModal user={editing} onClose={() => setEditing(null)} />}
      <ConfirmModal
        opened={blocking !== null}
        title={t('users.block_title', { name: blocking?.name ?? '' })}
        text={t('users.block_text')}
        confirmLabel={t('users.block')}
        cancelLabel={t('users.cancel')}
        isPending={setBlocked.isPending}
        isDestructive
        onConfirm={() =>
          setBlocked.mutate(
            { id: blocking!.id, blocked: true },
            {
              onSuccess: () => {
                notifySuccess(t('users.blocked_done', { name: blocking!.name }));
                setBlocking(null);
              },
            },
          )
        }
        onClose={() => setBlocking(null)}
      />
    </Stack>
  );
}

function UserCard({
  user,
  isSelf,
  onEdit,
  onBlock,
}: {
  user: AdminUser;
  isSelf: boolean;
  onEdit: () => void;
  onBlock: () => void;
}) {
  const { t } = useTranslation('admin_users');
  const setBlocked = useSetBlocked();
  const resend = useResendConfirmation();
  const headingId = `admin-user-${user.id}`;
  const course = [user.year, user.semester, user.section, user.group]
    .filter((part) => part !== null)
    .join(' · ');
  return (
    <Card component="li" withBorder padding="sm" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
            <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {user.name}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </div>
          <Group gap={4}>
            <Badge variant="light">{t(`account_types.${user.account_type}`)}</Badge>
            {user.blocked_at && <Badge color="red">{t('users.blocked')}</Badge>}
            {!user.confirmed_at && <Badge color="yellow">{t('users.unconfirmed')}</Badge>}
          </Group>
        </Group>
        <Text size="sm">
          {user.max_projects === null
            ? t('users.unlimited')
            : t('users.projects_limit', { count: user.max_projects })}
          {course !== '' && ` · ${t('users.course')}: ${course}`}
        </Text>
        <Group gap="xs" role="group" aria-label={t('users.actions', { name: user.name })}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onEdit}
          >
            {t('users.edit')}
          </Button>
          {user.blocked_at ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconLockOpen size={14} aria-hidden />}
              loading={setBlocked.isPending}
              onClick={() =>
                setBlocked.mutate(
                  { id: user.id, blocked: false },
                  { onSuccess: () => notifySuccess(t('users.unblocked_done', { name: user.name })) },
                )
              }
            >
              {t('users.unblock')}
            </Button>
          ) : (
            !isSelf && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconBan size={14} aria-hidden />}
                onClick={onBlock}
              >
                {t('users.block')}
              </Button>
            )
          )}
          {!user.confirmed_at && !user.blocked_at && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconMailForward size={14} aria-hidden />}
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(user.id, {
                  onSuccess: () => notifySuccess(t('users.resent', { email: user.email })),
                })
              }
            >
              {t('users.resend')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The limit field's localized error, from the same schema the API validates with; null when valid. */
function maxProjectsError(value: number | ''): ErrorCode | null {
  const result = MaxProjectsSchema.safeParse(value === '' ? null : value);
  return result.success ? null : 'MAX_PROJECTS_NOT_VALID';
}

function EditUserModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation('admin_users');
  const update = useUpdateAdminUser();
  const [accountType, setAccountType] = useState<AccountType>(user.account_type);
  const [maxProjects, setMaxProjects] = useState<number | ''>(user.max_projects ?? '');
  const error = maxProjectsError(maxProjects);
  // A new type brings its own limit (the contract's rule, the one the API applies); the admin may
  // still change it before saving.
  const handleTypeChange = (type: AccountType) => {
    setAccountType(type);
    setMaxProjects(maxProjectsForType(type, user.max_projects) ?? '');
  };
  const save = () => {
    if (error) return; // the field already says why
    update.mutate(
      { id: user.id, account_type: accountType, max_projects: maxProjects === '' ? null : maxProjects },
      {
        onSuccess: () => {
          notifySuccess(t('users.saved'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('users.edit_title', { name: user.name })}>
      <Stack gap="sm">
        <Select
          label={t('users.account_type')}
          data={ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`account_types.${type}`) }))}
          value={accountType}
          onChange={(value) => value && handleTypeChange(value as AccountType)}
          allowDeselect={false}
        />
        <WholeNumberInput
          label={t('users.max_projects')}
          description={t('users.max_projects_hint')}
          value={maxProjects}
          onChange={setMaxProjects}
          error={error ? t(`errors:${error}`) : undefined}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('users.cancel')}
          </Button>
          <Button onClick={save} loading={update.isPending}>
            {t('users.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Card, Code, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { AUDIT_EVENT_KINDS, type AuditEvent } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import { DayInput } from '../../../components/day-input';
import { EmptyState } from '../../../components/empty-state';
import { useAuditEvents } from '../api/admin-users-api';

const EMPTY_FILTERS = { user: '', event: '', from: '', to: '' };

/** The dashboard's Audit tab: the audit log's events by user, kind and day (UTC), newest first. */

/** The label of an audit kind (`sign_in.succeeded` → `audit.kinds.sign_in_succeeded`); dots are key separators. */
const kindKey = (kind: string) => `audit.kinds.${kind.replace(/\./g, '_')}`;
export function AuditTab() {
  const { t } = useTranslation('admin_users');
  const [filters, setFilters] = useState(EMPTY_FILTERS);
  const [debounced] = useDebouncedValue(filters, 300);
  const events = useAuditEvents(debounced);
  const set = (field: keyof typeof EMPTY_FILTERS) => (value: string | null) =>
    setFilters((current) => ({ ...current, [field]: value ?? '' }));
  const rows = events.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          label={t('audit.user')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.user}
          maxLength={200}
          onChange={(event) => set('user')(event.currentTarget.value)}
        />
        <Select
          label={t('audit.kind')}
          placeholder={t('audit.any_kind')}
          data={AUDIT_EVENT_KINDS.map((kind) => ({ value: kind, label: t(kindKey(kind)) }))}
          value={filters.event || null}
          onChange={set('event')}
          searchable
          clearable
        />
        <DayInput label={t('audit.from')} value={filters.from || null} onChange={set('from')} clearable />
        <DayInput label={t('audit.to')} value={filters.to || null} onChange={set('to')} clearable />
      </SimpleGrid>
      {events.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common:loading')} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('audit.empty')} />
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((event) => (
            <AuditRow key={event.id} event={event} />
          ))}
        </Stack>
      )}
      {events.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void events.fetchNextPage()}
          loading={events.isFetchingNextPage}
        >
          {t('audit.more')}
        </Button>
      )}
    </Stack>
  );
}

function AuditRow({ event }: { event: AuditEvent }) {
  const { t } = useTranslation('admin_users');
  const format = useFormat();
  const at = format.dateTime(event.at, { withSeconds: true });
  const who = event.user_name ? `${event.user_name} <${event.user_email ?? ''}>` : t('audit.nobody');
  const details = Object.entries(event.details)
    .filter(([key]) => key !== 'request_id')
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ');
  return (
    <Card component="li" withBorder padding="xs">
      <Group justify="space-between" gap="xs" align="flex-start">
        <Text size="sm" fw={600}>
          {t(kindKey(event.event), { defaultValue: event.event })} <Code>{event.event}</Code>
        </Text>
        <Text size="xs" c="dimmed">
          {at}
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {who} · {event.ip} · {event.route}
      </Text>
      {details !== '' && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('audit.details')}: {details}
        </Text>
      )}
    </Card>
  );
}

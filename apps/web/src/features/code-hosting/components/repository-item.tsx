import { Anchor, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import type { Repository } from '@teamboard/contract';
import { IconRefresh, IconUnlink, IconWebhook } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { isSyncing } from '../api/get-repositories';
import { useSyncRepository } from '../api/sync-repository';
import { useFormat } from '../../../lib/use-format';
import { isWebLink } from '../format';
import { ProviderBadge, SyncStateBadge } from './repository-badges';
import { RepositoryWebhook } from './repository-webhook';

interface RepositoryItemProps {
  projectId: string;
  repository: Repository;
  /** Owners: the last error, the webhook and unlinking. */
  canManage: boolean;
  /** Owners and members: "Sync now". */
  canSync: boolean;
  onUnlink: (repository: Repository) => void;
}

/** The last failure in words: the errors catalog's sentence for a known code, else the code itself. */
function useErrorText() {
  const { t, i18n } = useTranslation('code_hosting');
  return (code: string) =>
    i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : t('list.unknown_error', { code });
}

function RepositoryFacts({ repository }: { repository: Repository }) {
  const { t } = useTranslation('code_hosting');
  const format = useFormat();
  const facts = [
    repository.synced_at === null
      ? t('list.never_synced')
      : t('list.synced', { when: format.dateTime(repository.synced_at) }),
    t('list.commits', { count: repository.commit_count, formatted: format.number(repository.commit_count) }),
    t('list.pull_requests', {
      count: repository.pull_request_count,
      formatted: format.number(repository.pull_request_count),
    }),
  ];
  return (
    <Text size="sm" c="dimmed">
      {facts.join(' · ')}
    </Text>
  );
}

/** One linked repository: what it is, how its sync stands, and what the reader may do with it. */
export function RepositoryItem({ projectId, repository, canManage, canSync, onUnlink }: RepositoryItemProps) {
  const { t } = useTranslation('code_hosting');
  const errorText = useErrorText();
  const sync = useSyncRepository(projectId);
  const [isWebhookOpen, setWebhookOpen] = useState(false);
  const webhookId = useId();
  const { name } = repository;
  const canSyncNow = !isSyncing(repository) && repository.sync_state !== 'authorizing';
  return (
    <Paper component="li" withBorder p="sm" aria-label={name}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <ProviderBadge provider={repository.provider} />
          {isWebLink(repository.web_url) ? (
            <Anchor
              href={repository.web_url}
              target="_blank"
              rel="noopener noreferrer"
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {name}
            </Anchor>
          ) : (
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
          )}
          <SyncStateBadge state={repository.sync_state} />
        </Group>
        <RepositoryFacts repository={repository} />
        {canManage && repository.last_error !== null && (
          <Text size="sm" c="red">
            {t('list.last_error', { message: errorText(repository.last_error) })}
          </Text>
        )}
        {(canSync || canManage) && (
          <Group gap="xs">
            {canSync && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} aria-hidden />}
                aria-label={t('list.sync_named', { name })}
                disabled={!canSyncNow}
                loading={sync.isPending}
                onClick={() =>
                  sync.mutate(repository.id, { onSuccess: () => notifySuccess(t('list.sync_started')) })
                }
              >
                {t('list.sync')}
              </Button>
            )}
            {canManage && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconWebhook size={14} aria-hidden />}
                aria-label={t('list.webhook_named', { name })}
                aria-expanded={isWebhookOpen}
                aria-controls={webhookId}
                onClick={() => setWebhookOpen((open) => !open)}
              >
                {t('list.webhook')}
              </Button>
            )}
            {canManage && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconUnlink size={14} aria-hidden />}
                aria-label={t('list.unlink_named', { name })}
                onClick={() => onUnlink(repository)}
              >
                {t('list.unlink')}
              </Button>
            )}
          </Group>
        )}
        {canManage && (
          <Collapse expanded={isWebhookOpen} id={webhookId}>
            {isWebhookOpen && <RepositoryWebhook repository={repository} />}
          </Collapse>
        )}
      </Stack>
    </Paper>
  );
}

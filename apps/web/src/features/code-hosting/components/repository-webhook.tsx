import { ActionIcon, Code, CopyButton, Group, Loader, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { Repository } from '@teamboard/contract';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRepositoryWebhook } from '../api/get-repository-webhook';

function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useTranslation('code_hosting');
  return (
    <Group gap={4} wrap="nowrap" align="flex-end">
      <TextInput size="xs" label={label} value={value} readOnly style={{ flex: 1, minWidth: 0 }} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('webhook.copied') : copyLabel} withArrow>
            <ActionIcon
              size="lg"
              variant="default"
              color={copied ? 'teal' : undefined}
              aria-label={copyLabel}
              onClick={copy}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** Owners: the address and secret to give the host's webhook (or a git post-receive hook). */
export function RepositoryWebhook({ repository }: { repository: Repository }) {
  const { t } = useTranslation('code_hosting');
  const { data: webhook, isPending } = useRepositoryWebhook(repository.id, true);
  if (isPending) return <Loader size="xs" role="status" aria-label={t('loading')} />;
  // A failure is the query's toast; there is nothing else to show.
  if (!webhook) return null;
  return (
    <Stack gap="xs">
      <CopyField label={t('webhook.url')} value={webhook.url} copyLabel={t('webhook.copy_url')} />
      <CopyField label={t('webhook.secret')} value={webhook.secret} copyLabel={t('webhook.copy_secret')} />
      <Text size="xs" c="dimmed">
        {t(`webhook.hint_${repository.provider}`)}
      </Text>
      {repository.provider === 'git' && (
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {`curl -X POST -H "X-Teamboard-Token: ${webhook.secret}" '${webhook.url}'`}
        </Code>
      )}
    </Stack>
  );
}

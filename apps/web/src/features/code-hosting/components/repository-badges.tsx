import { Badge } from '@mantine/core';
import type { CodeHost, SyncState } from '@teamboard/contract';
import { IconBrandGit, IconBrandGithub, IconBrandGitlab } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const PROVIDER_ICONS = { git: IconBrandGit, github: IconBrandGithub, gitlab: IconBrandGitlab };

const STATE_COLORS: Record<SyncState, string> = {
  queued: 'gray',
  running: 'blue',
  idle: 'green',
  failed: 'red',
  authorizing: 'yellow',
};

export function ProviderBadge({ provider }: { provider: CodeHost }) {
  const { t } = useTranslation('code_hosting');
  const Icon = PROVIDER_ICONS[provider];
  return (
    <Badge variant="light" color="dark" leftSection={<Icon size={14} aria-hidden />}>
      {t(`providers.${provider}`)}
    </Badge>
  );
}

export function SyncStateBadge({ state }: { state: SyncState }) {
  const { t } = useTranslation('code_hosting');
  return (
    <Badge variant="dot" color={STATE_COLORS[state]} data-testid="sync-state">
      {t(`states.${state}`)}
    </Badge>
  );
}

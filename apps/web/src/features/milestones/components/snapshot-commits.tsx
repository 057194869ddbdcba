import { Anchor, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { MilestoneSnapshot } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import type { SnapshotFormat } from '../snapshot-format';

type SnapshotCommit = MilestoneSnapshot['body']['commits'][number];

interface CommitProps {
  titles: Map<number, string>;
  format: SnapshotFormat;
}

/** The commits linked to the milestone's tasks when it was frozen. */
export function SnapshotCommits({ snapshot, titles, format }: CommitProps & { snapshot: MilestoneSnapshot }) {
  const { t } = useTranslation('milestones');
  const { commits } = snapshot.body;
  if (commits.length === 0) return <Text c="dimmed">{t('snapshot.no_commits')}</Text>;
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('snapshot.commits_heading')}
    >
      {commits.map((commit, index) => (
        <CommitItem key={index} commit={commit} titles={titles} format={format} />
      ))}
    </Stack>
  );
}

function CommitItem({ commit, titles, format }: CommitProps & { commit: SnapshotCommit }) {
  const { t } = useTranslation('milestones');
  const id = commit.sha ? <Code>{commit.sha.slice(0, 7)}</Code> : <Code>{t('snapshot.link')}</Code>;
  return (
    <Paper component="li" withBorder p="xs">
      <Stack gap={2}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {commit.url ? (
            <Anchor href={commit.url} target="_blank" rel="noopener noreferrer" style={{ flexShrink: 0 }}>
              {id}
            </Anchor>
          ) : (
            id
          )}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {commit.message}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[
            commit.author,
            commit.committed_at ? format.instant(commit.committed_at) : null,
            t('snapshot.commit_task', { title: titles.get(commit.task_id) ?? `#${commit.task_id}` }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
    </Paper>
  );
}

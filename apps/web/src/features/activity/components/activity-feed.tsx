import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useActivity } from '../api/get-activity';
import { useActivityText } from '../hooks/use-activity-text';

/**
 * Home's recent activity: what happened in the caller's projects and to them, each entry a link to
 * its project, with "Load more".
 */
export function ActivityFeed() {
  const { t } = useTranslation('activity');
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useActivity();
  const { describe, when } = useActivityText();
  const entries = useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);

  if (isPending) {
    return (
      <Group justify="center" py="md">
        <Loader size="sm" role="status" aria-label={t('common:loading')} />
      </Group>
    );
  }
  if (entries.length === 0) {
    return <EmptyState icon={<IconClock aria-hidden size={28} />} title={t('home:activity.empty')} />;
  }
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="xs" p={0} m={0} aria-label={t('list')}>
        {entries.map((entry) => (
          <Group
            key={entry.id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            align="flex-start"
            gap="sm"
            style={{ listStyle: 'none' }}
          >
            <Anchor
              component={Link}
              to={`/project/${entry.project_id}`}
              size="sm"
              c="inherit"
              style={{ overflowWrap: 'anywhere' }}
            >
              {describe(entry)}
            </Anchor>
            <Text
              size="xs"
              c="dimmed"
              component="time"
              dateTime={entry.created_at}
              style={{ whiteSpace: 'nowrap' }}
            >
              {when(entry.created_at)}
            </Text>
          </Group>
        ))}
      </Stack>
      {hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            size="xs"
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {t('load_more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

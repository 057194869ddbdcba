import { Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { PullRequest } from '@teamboard/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePullRequests } from '../api/get-pull-requests';
import { useFormat } from '../../../lib/use-format';
import { isWebLink } from '../format';

const STATE_COLORS: Record<PullRequest['state'], string> = {
  open: 'green',
  merged: 'violet',
  closed: 'gray',
};

function PullRequestRow({ projectId, pullRequest }: { projectId: string; pullRequest: PullRequest }) {
  const { t } = useTranslation('code_hosting');
  const format = useFormat();
  const { title, url, number, state, task_ids: taskIds } = pullRequest;
  return (
    <Table.Tr>
      <Table.Td>
        {isWebLink(url) ? (
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
            {title}
          </Anchor>
        ) : (
          <Text size="sm" span>
            {title}
          </Text>
        )}{' '}
        <Text size="sm" c="dimmed" span>
          #{number}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" color={STATE_COLORS[state]}>
          {t(`pull_requests.states.${state}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{pullRequest.author_login ?? '—'}</Table.Td>
      <Table.Td>
        <Group gap={6}>
          {taskIds.map((id) => (
            <Anchor
              key={id}
              component={Link}
              to={`/project/${encodeURIComponent(projectId)}?task=${id}`}
              aria-label={t('pull_requests.open_task', { id })}
              size="sm"
            >
              #{id}
            </Anchor>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>{format.date(pullRequest.opened_at)}</Table.Td>
      <Table.Td>{pullRequest.merged_at === null ? '—' : format.date(pullRequest.merged_at)}</Table.Td>
    </Table.Tr>
  );
}

/** The pull/merge requests collected from the project's repositories, newest first, a page at a time. */
export function PullRequestTable({ projectId }: { projectId: string }) {
  const { t } = useTranslation('code_hosting');
  const titleId = useId();
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = usePullRequests(projectId);
  const pullRequests = data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('pull_requests.title')}
      </Title>
      {isPending ? (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      ) : pullRequests.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('pull_requests.empty')}
        </Text>
      ) : (
        // On a phone the table keeps its columns and scrolls sideways.
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" fz="sm" aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pull_requests.title_column')}</Table.Th>
                <Table.Th>{t('pull_requests.state')}</Table.Th>
                <Table.Th>{t('pull_requests.author')}</Table.Th>
                <Table.Th>{t('pull_requests.tasks')}</Table.Th>
                <Table.Th>{t('pull_requests.opened')}</Table.Th>
                <Table.Th>{t('pull_requests.merged')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pullRequests.map((pullRequest) => (
                <PullRequestRow key={pullRequest.id} projectId={projectId} pullRequest={pullRequest} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {hasNextPage && (
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          loading={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {t('pull_requests.load_more')}
        </Button>
      )}
    </Stack>
  );
}

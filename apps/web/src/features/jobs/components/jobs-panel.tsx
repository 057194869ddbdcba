import { Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { JOB_STATES, type FailedJob, type JobsOverview } from '@teamboard/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import { EmptyState } from '../../../components/empty-state';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useJobsOverview, useRetryJob } from '../api/jobs-api';

/** The dashboard's Jobs tab (docs/jobs.md): the background queue by kind and state, and what failed. */
export function JobsPanel() {
  const { t } = useTranslation('admin');
  const overview = useJobsOverview();
  if (overview.isPending) return <Loader size="sm" role="status" aria-label={t('common:loading')} />;
  if (overview.isError) return <EmptyState title={t('jobs.unavailable')} />;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('jobs.counts_title')}
        </Title>
        <Button variant="default" onClick={() => void overview.refetch()} loading={overview.isFetching}>
          {t('jobs.refresh')}
        </Button>
      </Group>
      <JobCounts counts={overview.data.counts} />
      <Title order={2} size="h4">
        {t('jobs.failed_title')}
      </Title>
      <FailedJobs failed={overview.data.failed} />
    </Stack>
  );
}

function JobCounts({ counts }: { counts: JobsOverview['counts'] }) {
  const { t } = useTranslation('admin');
  if (counts.length === 0) return <EmptyState title={t('jobs.empty')} />;
  const kinds = [...new Set(counts.map((count) => count.kind))];
  const countOf = (kind: string, state: string) =>
    counts.find((count) => count.kind === kind && count.state === state)?.count ?? 0;
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped withTableBorder aria-label={t('jobs.counts_title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('jobs.kind')}</Table.Th>
            {JOB_STATES.map((state) => (
              <Table.Th key={state}>{t(`jobs.states.${state}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kinds.map((kind) => (
            <Table.Tr key={kind}>
              <Table.Td>{kindName(t, kind)}</Table.Td>
              {JOB_STATES.map((state) => (
                <Table.Td key={state}>{countOf(kind, state)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FailedJobs({ failed }: { failed: FailedJob[] }) {
  const { t } = useTranslation('admin');
  const retry = useRetryJob();
  const format = useFormat();
  if (failed.length === 0) return <Text c="dimmed">{t('jobs.no_failures')}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder aria-label={t('jobs.failed_title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('jobs.kind')}</Table.Th>
            <Table.Th>{t('jobs.key')}</Table.Th>
            <Table.Th>{t('jobs.attempts')}</Table.Th>
            <Table.Th>{t('jobs.last_error')}</Table.Th>
            <Table.Th>{t('jobs.failed_at')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {failed.map((job) => (
            <Table.Tr key={job.id}>
              <Table.Td>{kindName(t, job.kind)}</Table.Td>
              <Table.Td>{job.key}</Table.Td>
              <Table.Td>{job.attempts}</Table.Td>
              <Table.Td>{job.last_error ?? ''}</Table.Td>
              <Table.Td>{format.dateTime(job.updated_at)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  loading={retry.isPending && retry.variables === job.id}
                  aria-label={t('jobs.retry_label', { kind: kindName(t, job.kind), key: job.key })}
                  onClick={() =>
                    retry.mutate(job.id, {
                      onSuccess: () => notifySuccess(t('jobs.retried')),
                      onError: notifyFailure,
                    })
                  }
                >
                  {t('jobs.retry')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A job kind in the reader's language; a kind this build does not know keeps its own name. */
function kindName(t: TFunction<'admin'>, kind: string): string {
  return t(`jobs.kinds.${kind}`, { defaultValue: kind });
}

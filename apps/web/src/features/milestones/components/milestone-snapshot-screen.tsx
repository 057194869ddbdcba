import { Alert, Anchor, Button, Group, Loader, Stack } from '@mantine/core';
import type { BurnReport } from '@teamboard/contract';
import { MILESTONE_SNAPSHOT_EVERY_MINUTES } from '@teamboard/contract';
import { IconArrowLeft, IconCamera } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-error';
import { useMilestoneSnapshot, useMilestoneSnapshots } from '../api/get-milestone-snapshots';
import { useMilestones } from '../api/get-milestones';
import { useSnapshotFormat } from '../snapshot-format';
import { SnapshotDeadlinePicker } from './snapshot-deadline-picker';
import { SnapshotView } from './snapshot-view';

interface MilestoneSnapshotScreenProps {
  projectId: string;
  /** The milestone the address names (null: a snapshot reached by its own id, its milestone maybe deleted). */
  milestoneId: number | null;
  /** The snapshot chosen; null: the milestone's latest. */
  snapshotId: number | null;
  onSnapshotChange: (snapshotId: number) => void;
  /** The milestones screen. */
  backPath: string;
  /** The frozen burndown, drawn by the reports' chart (the app layer composes it). */
  renderBurndown: (report: BurnReport) => ReactNode;
}

/**
 * /project/:id/milestone/:milestone_id/snapshot — a milestone as it was frozen once its deadline day
 * ended: the board, hours, burndown and commits, never changed by later edits.
 */
export function MilestoneSnapshotScreen({
  projectId,
  milestoneId,
  snapshotId,
  onSnapshotChange,
  backPath,
  renderBurndown,
}: MilestoneSnapshotScreenProps) {
  const { t } = useTranslation('milestones');
  const milestones = useMilestones(projectId);
  const list = useMilestoneSnapshots(milestoneId);
  const chosenId = snapshotId ?? list.data?.[0]?.id ?? null;
  const snapshot = useMilestoneSnapshot(chosenId);
  const milestone = milestones.data?.find((m) => m.milestone_id === milestoneId);
  const name = snapshot.data?.body.milestone.name ?? milestone?.milestone_name;
  const title = name ? t('snapshot.title_named', { name }) : t('snapshot.title');
  const format = useSnapshotFormat();

  return (
    <Page title={title}>
      <Anchor component={Link} to={backPath} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t('snapshot.back')}
        </Group>
      </Anchor>
      {milestoneId !== null && list.isPending ? (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      ) : milestoneId !== null && list.isError ? (
        <QueryError query={list} />
      ) : chosenId === null && milestoneId === null ? (
        <Alert color="red" role="alert">
          {t('snapshot.not_found')}
        </Alert>
      ) : chosenId === null ? (
        <EmptyState
          icon={<IconCamera aria-hidden size={28} />}
          title={t('snapshot.none')}
          description={
            milestone
              ? t('snapshot.none_hint', {
                  deadline: format.day(milestone.deadline),
                  minutes: MILESTONE_SNAPSHOT_EVERY_MINUTES,
                })
              : undefined
          }
        />
      ) : snapshot.isPending ? (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      ) : snapshot.isError ? (
        <QueryError query={snapshot} />
      ) : (
        <>
          {list.data && list.data.length > 1 && (
            <SnapshotDeadlinePicker
              snapshots={list.data}
              value={snapshot.data.id}
              onChange={onSnapshotChange}
            />
          )}
          <SnapshotView snapshot={snapshot.data} format={format} renderBurndown={renderBurndown} />
        </>
      )}
    </Page>
  );
}

function QueryError<T>({ query }: { query: UseQueryResult<T> }) {
  const { t } = useTranslation('milestones');
  const isMissing = isApiError(query.error) && query.error.status === 404;
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        {isMissing ? t('snapshot.not_found') : query.error?.message}
        {!isMissing && (
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('snapshot.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

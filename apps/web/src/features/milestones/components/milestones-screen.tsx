import { Anchor, Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import type { Milestone } from '@teamboard/contract';
import { IconCamera, IconFlag, IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import { Link } from 'react-router';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { EmptyState } from '../../../components/empty-state';
import { GuardedModal } from '../../../components/guarded-modal';
import { Page } from '../../../components/page';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteMilestone } from '../api/delete-milestone';
import { useProjectSnapshots } from '../api/get-milestone-snapshots';
import { useMilestones } from '../api/get-milestones';
import { deadlinePassed } from '../snapshot-format';
import { MilestoneForm } from './milestone-form';

interface MilestonesScreenProps {
  projectId: string;
  canEdit: boolean;
  /** The project's time zone (null: the server's): a milestone's snapshot is due once its deadline day ends there. */
  timeZone: string | null;
  /** Shown under the list: the velocity of the sprints, which another feature computes. */
  children?: ReactNode;
}

/** /project/:id/milestone: milestones and sprints, with create, edit and delete for editors. */
export function MilestonesScreen({ projectId, canEdit, timeZone, children }: MilestonesScreenProps) {
  const { t } = useTranslation('milestones');
  const format = useFormat();
  const day = (value: string) => format.date(value);
  const { data: milestones, isPending } = useMilestones(projectId);
  const { data: snapshots } = useProjectSnapshots(projectId);
  const withSnapshot = new Set(snapshots?.map((s) => s.milestone_id));
  const orphans = snapshots?.filter((s) => s.milestone_id === null) ?? [];
  const base = `/project/${encodeURIComponent(projectId)}/milestone`;
  const remove = useDeleteMilestone(projectId);
  const [editing, setEditing] = useState<Milestone | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Milestone | null>(null);

  return (
    <Page title={t('title')}>
      {canEdit && (
        <Button
          w="fit-content"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
        >
          {t('create')}
        </Button>
      )}
      {isPending ? (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      ) : milestones && milestones.length > 0 ? (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list')}>
          {milestones.map((milestone) => (
            <Paper component="li" key={milestone.milestone_id} withBorder p="sm">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600}>{milestone.milestone_name}</Text>
                    {milestone.sprint && <Badge size="sm">{t('sprint_badge')}</Badge>}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('dates', { start: day(milestone.start_date), deadline: day(milestone.deadline) })}
                  </Text>
                  {(withSnapshot.has(milestone.milestone_id) ||
                    deadlinePassed(milestone.deadline, timeZone)) && (
                    <Button
                      component={Link}
                      to={`${base}/${milestone.milestone_id}/snapshot`}
                      variant="light"
                      size="xs"
                      leftSection={<IconCamera size={14} aria-hidden />}
                      aria-label={t('snapshot.open_named', { name: milestone.milestone_name })}
                      w="fit-content"
                      mt={4}
                    >
                      {t('snapshot.open')}
                    </Button>
                  )}
                </Stack>
                {canEdit && (
                  <EditDeleteActions
                    size="md"
                    editLabel={t('edit_named', { name: milestone.milestone_name })}
                    deleteLabel={t('delete_named', { name: milestone.milestone_name })}
                    onEdit={() => setEditing(milestone)}
                    onDelete={() => setToDelete(milestone)}
                  />
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <EmptyState icon={<IconFlag aria-hidden size={28} />} title={t('empty')} />
      )}
      {orphans.length > 0 && (
        <Stack gap={4}>
          <Text fw={600}>{t('snapshot.deleted_heading')}</Text>
          {orphans.map((snapshot) => (
            <Anchor key={snapshot.id} component={Link} to={`${base}/snapshots/${snapshot.id}`} size="sm">
              {t('snapshot.deleted_link', {
                name: snapshot.milestone_name,
                deadline: day(snapshot.deadline),
              })}
            </Anchor>
          ))}
        </Stack>
      )}
      {children}
      <GuardedModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('create_title') : t('edit_title')}
      >
        {editing !== null && (
          <MilestoneForm
            key={editing === 'new' ? 'new' : editing.milestone_id}
            projectId={projectId}
            milestone={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </GuardedModal>
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title={t('delete_title')}>
        <Stack gap="md">
          <Text>{t('delete_text', { name: toDelete?.milestone_name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                toDelete &&
                remove.mutate(toDelete.milestone_id, {
                  onSuccess: () => notifySuccess(t('deleted')),
                  // 409 MILESTONE_NOT_DELETABLE: the server's message is the toast.
                  onSettled: () => setToDelete(null),
                })
              }
            >
              {t('delete_submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}

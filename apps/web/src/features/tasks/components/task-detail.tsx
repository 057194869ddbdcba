import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import {
  can,
  type CreateLabelInput,
  type Label,
  type Member,
  type Milestone,
  type ProjectRole,
  type UpdateTaskInput,
} from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteTask } from '../api/delete-task';
import { useTask } from '../api/get-task';
import { useUpdateTask } from '../api/update-task';
import classes from './task-detail.module.css';
import { TaskMainFields, TaskSideFields } from './task-fields';
import { TaskPanels } from './task-panels';
import { useIsPhone } from '../../../lib/phone';

export interface TaskDetailProps {
  taskId: number;
  role: ProjectRole | null;
  currentUserId: number;
  members: Member[];
  labels: Label[];
  milestones: Milestone[];
  onCreateLabel: (input: CreateLabelInput) => Promise<Label>;
  onClose: () => void;
}

function TaskActions({
  taskId,
  boardId,
  completed,
  archived,
  onClose,
}: {
  taskId: number;
  boardId: number;
  completed: boolean;
  archived: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('tasks');
  const update = useUpdateTask(taskId);
  const remove = useDeleteTask(taskId, boardId);
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      <Group gap="xs">
        <Text size="sm">{t('actions.delete_confirm')}</Text>
        <Button
          size="xs"
          color="red"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                notifySuccess(t('actions.deleted'));
                onClose();
              },
            })
          }
        >
          {t('actions.delete_yes')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
          {t('cancel')}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="default"
        loading={update.isPending && update.variables?.completed !== undefined}
        onClick={() => update.mutate({ completed: !completed })}
      >
        {completed ? t('actions.uncomplete') : t('actions.complete')}
      </Button>
      <Button
        size="xs"
        variant="light"
        loading={update.isPending && update.variables?.is_archived !== undefined}
        onClick={() =>
          update.mutate(
            { is_archived: !archived },
            { onSuccess: () => notifySuccess(archived ? t('actions.restored') : t('actions.archived')) },
          )
        }
      >
        {archived ? t('actions.restore') : t('actions.archive')}
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
        {t('actions.delete')}
      </Button>
    </Group>
  );
}

function TaskDetailBody(props: TaskDetailProps) {
  const { t } = useTranslation('tasks');
  const { taskId, role, currentUserId, onClose } = props;
  const { data: task, isPending, error } = useTask(taskId);
  const update = useUpdateTask(taskId);
  const canEdit = can(role, 'work.edit');
  if (isPending) return <Loader size="sm" role="status" aria-label={t('loading')} />;
  if (error || !task) return <Alert color="red">{error?.message ?? t('not_found')}</Alert>;
  const fieldProps = {
    task,
    canEdit,
    members: props.members,
    labels: props.labels,
    milestones: props.milestones,
    onCreateLabel: props.onCreateLabel,
    save: (input: UpdateTaskInput) => update.mutate(input),
  };
  return (
    <Stack gap="md">
      {canEdit && (
        <TaskActions
          taskId={task.id}
          boardId={task.board_id}
          completed={task.completed}
          archived={task.is_archived}
          onClose={onClose}
        />
      )}
      {task.is_archived && <Alert color="gray">{t('archived_notice')}</Alert>}
      <div className={classes.layout}>
        <div className={classes.main}>
          <TaskMainFields {...fieldProps} />
        </div>
        <aside className={classes.side} aria-label={t('side_fields')}>
          <TaskSideFields {...fieldProps} />
        </aside>
        <div className={classes.panels}>
          <TaskPanels
            taskId={task.id}
            role={role}
            currentUserId={currentUserId}
            names={{ members: props.members, labels: props.labels, milestones: props.milestones }}
          />
        </div>
      </div>
    </Stack>
  );
}

/** The task detail dialog: the sections of docs/spec.md §2, the sub-panels, complete/archive/delete. */
export default function TaskDetail(props: TaskDetailProps) {
  const { t } = useTranslation('tasks');
  const { data: task } = useTask(props.taskId);
  // On a phone the detail takes the whole screen instead of a box with margins around it.
  const isPhone = useIsPhone();
  return (
    <Modal opened onClose={props.onClose} size="70rem" fullScreen={isPhone} title={task?.title ?? t('title')}>
      <TaskDetailBody {...props} />
    </Modal>
  );
}

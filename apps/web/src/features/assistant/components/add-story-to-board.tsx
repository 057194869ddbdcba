import { Anchor, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { TOAST_AUTO_CLOSE_MS, type AssistantStory, type TaskDetail } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { closeAssistant } from '../../../lib/assistant-launcher';
import { notifyFailure } from '../../../lib/notify';
import {
  useBoardColumns,
  useCreateStoryTask,
  useProjectBoards,
  useWritableProjects,
} from '../api/board-targets';
import { storyTaskDescription } from '../hooks/story-text';

interface Target {
  projectId: number | null;
  boardId: number | null;
  columnId: number | null;
}

const NO_TARGET: Target = { projectId: null, boardId: null, columnId: null };

const asId = (value: string | null) => (value === null ? null : Number(value));

/** The board's address with the new task open (the board route reads ?board= and ?task=). */
export function taskPath(task: Pick<TaskDetail, 'id' | 'project_id' | 'board_id'>): string {
  return `/project/${task.project_id}?board=${task.board_id}&task=${task.id}`;
}

interface Option {
  value: string;
  label: string;
}

const optionsOf = (items: { id: number; name: string }[] | undefined): Option[] =>
  (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/** The choices at each step of the picker: the next list loads once the previous is chosen. */
function useTargetOptions(target: Target, isEnabled: boolean) {
  const projects = useWritableProjects(isEnabled);
  const boards = useProjectBoards(target.projectId);
  const columns = useBoardColumns(target.boardId);
  const options = {
    projects: optionsOf(projects.data),
    boards: optionsOf(boards.data),
    columns: optionsOf(columns.data),
  };
  const labelOf = (list: Option[], id: number | null) =>
    list.find((option) => option.value === String(id))?.label ?? '';
  return {
    ...options,
    hasNoProject: projects.data?.length === 0,
    names: {
      project: labelOf(options.projects, target.projectId),
      board: labelOf(options.boards, target.boardId),
      column: labelOf(options.columns, target.columnId),
    },
  };
}

interface TargetPickerProps {
  target: Target;
  options: ReturnType<typeof useTargetOptions>;
  onChange: (target: Target) => void;
}

function TargetPicker({ target, options, onChange }: TargetPickerProps) {
  const { t } = useTranslation('assistant');
  const valueOf = (id: number | null) => (id === null ? null : String(id));
  return (
    <Stack gap="sm">
      {options.hasNoProject && (
        <Text size="sm" c="dimmed">
          {t('stories.no_projects')}
        </Text>
      )}
      <Select
        label={t('stories.project')}
        data={options.projects}
        value={valueOf(target.projectId)}
        searchable
        onChange={(value) => onChange({ ...NO_TARGET, projectId: asId(value) })}
      />
      <Select
        label={t('stories.board')}
        data={options.boards}
        value={valueOf(target.boardId)}
        disabled={target.projectId === null}
        onChange={(value) => onChange({ ...target, boardId: asId(value), columnId: null })}
      />
      <Select
        label={t('stories.column')}
        data={options.columns}
        value={valueOf(target.columnId)}
        disabled={target.boardId === null}
        onChange={(value) => onChange({ ...target, columnId: asId(value) })}
      />
    </Stack>
  );
}

/**
 * "Add to a board": pick project → board → column, confirm, and the story becomes a task (title
 * the story's, description the statement and its criteria); a notification links to it.
 */
export function AddStoryToBoard({ story }: { story: AssistantStory }) {
  const { t } = useTranslation('assistant');
  const navigate = useNavigate();
  const [step, setStep] = useState<'closed' | 'pick' | 'confirm'>('closed');
  const [target, setTarget] = useState<Target>(NO_TARGET);
  const create = useCreateStoryTask();
  const options = useTargetOptions(target, step !== 'closed');

  const announce = (task: TaskDetail) => {
    const path = taskPath(task);
    notifications.show({
      color: 'green',
      autoClose: TOAST_AUTO_CLOSE_MS * 2,
      withCloseButton: true,
      message: (
        <Group gap="xs">
          <Text size="sm">{t('stories.added')}</Text>
          <Anchor
            size="sm"
            href={path}
            onClick={(event) => {
              event.preventDefault();
              closeAssistant();
              void navigate(path);
            }}
          >
            {t('stories.open_task')}
          </Anchor>
        </Group>
      ),
    });
  };

  const handleConfirm = () => {
    if (target.columnId === null) return;
    create.mutate(
      { columnId: target.columnId, title: story.title, description: storyTaskDescription(story, t) },
      {
        onSuccess: (task) => {
          setStep('closed');
          setTarget(NO_TARGET);
          announce(task);
        },
        onError: notifyFailure,
      },
    );
  };

  return (
    <>
      <Group justify="flex-end">
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setStep('pick')}
        >
          {t('stories.add')}
        </Button>
      </Group>
      <Modal
        opened={step === 'pick'}
        onClose={() => setStep('closed')}
        title={t('stories.pick_title', { title: story.title })}
      >
        <Stack gap="md">
          <TargetPicker target={target} options={options} onChange={setTarget} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('closed')}>
              {t('stories.cancel')}
            </Button>
            <Button disabled={target.columnId === null} onClick={() => setStep('confirm')}>
              {t('stories.next')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={step === 'confirm'}
        title={t('stories.confirm_title')}
        text={t('stories.confirm_text', { title: story.title, ...options.names })}
        confirmLabel={t('stories.confirm')}
        cancelLabel={t('stories.back')}
        isPending={create.isPending}
        onConfirm={handleConfirm}
        onClose={() => setStep('pick')}
      />
    </>
  );
}

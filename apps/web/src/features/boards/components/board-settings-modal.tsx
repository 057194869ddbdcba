import { Button, Group, Modal, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import {
  BOARD_DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  UpdateBoardInputSchema,
  type Board,
  type Label,
} from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useUpdateBoard } from '../api/update-board';

interface BoardSettingsModalProps {
  projectId: string;
  board: Board;
  /** The project's labels, from which the board offers some. */
  labels: Label[];
  opened: boolean;
  onClose: () => void;
}

function BoardSettingsForm({ projectId, board, labels, onClose }: Omit<BoardSettingsModalProps, 'opened'>) {
  const { t } = useTranslation('boards');
  const [name, setName] = useState(board.name);
  const [description, setDescription] = useState(board.description);
  const [offered, setOffered] = useState(board.labels.map(String));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateBoard(projectId);
  const byId = new Map(labels.map((label) => [label.id, label]));
  const message = (code: string | undefined) => (code ? t(`errors:${code}`) : undefined);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(UpdateBoardInputSchema, {
      name,
      description,
      labels: offered.map(Number),
    });
    setErrors(result.errors ?? {});
    if (result.data === null) return;
    update.mutate(
      { id: board.id, input: result.data },
      {
        onSuccess: () => {
          notifySuccess(t('board.settings_saved'));
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('board.settings_name')}
          required
          data-autofocus
          value={name}
          maxLength={NAME_MAX_LENGTH}
          error={message(errors.name)}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label={t('board.description')}
          autosize
          minRows={2}
          maxRows={8}
          value={description}
          maxLength={BOARD_DESCRIPTION_MAX_LENGTH}
          error={message(errors.description)}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <MultiSelect
          label={t('board.labels')}
          placeholder={t('board.labels_placeholder')}
          data={labels.map((label) => ({ value: String(label.id), label: label.name }))}
          value={offered}
          searchable
          error={message(errors.labels)}
          renderOption={({ option }) => (
            <Group gap={6}>
              <span
                aria-hidden
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 2,
                  background: byId.get(Number(option.value))?.color,
                }}
              />
              {option.label}
            </Group>
          )}
          onChange={setOffered}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Name, description and offered labels of a board (PUT /api/boards/:id). */
export function BoardSettingsModal({ opened, onClose, ...props }: BoardSettingsModalProps) {
  const { t } = useTranslation('boards');
  return (
    <Modal opened={opened} onClose={onClose} title={t('board.settings')}>
      {opened && <BoardSettingsForm {...props} onClose={onClose} />}
    </Modal>
  );
}

import { Button, Group, TextInput } from '@mantine/core';
import { CREATE_TASK_DEBOUNCE_MS, CreateTaskInputSchema } from '@teamboard/contract';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscardQuestion } from '../../../components/discard-question';
import { useInlineDiscardGuard } from '../../../components/inline-discard-guard';
import { validate } from '../../../lib/validation';
import { useBoardForm } from '../hooks/use-open-form';
import { useBoardTaskRequests } from '../board-task-requests';

interface CreateTaskFormProps {
  boardId: number;
  columnId: number;
  columnName: string;
}

/**
 * "Add a task" at the bottom of a column. Enter or the button creates, 100 ms later
 * (CREATE_TASK_DEBOUNCE_MS); while one creation is waiting or on its way every other submit is
 * ignored, so a double click or a held Enter never creates twice. Escape closes it, after asking
 * when a title was typed and not yet sent.
 */
export function CreateTaskForm({ boardId, columnId, columnName }: CreateTaskFormProps) {
  const { t } = useTranslation('boards');
  const form = useBoardForm(`create-task:${columnId}`);
  const { useCreateTask } = useBoardTaskRequests();
  const create = useCreateTask(boardId);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  // A title on its way is not at risk (it clears once created), so Esc then closes without asking.
  const [isSending, setIsSending] = useState(false);
  // Esc empties the form as it closes: a discarded title must not come back on the next "Add a task".
  const discardGuard = useInlineDiscardGuard(title.trim() !== '' && !isSending, () => {
    setTitle('');
    setError(undefined);
    form.close();
  });
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const result = validate(CreateTaskInputSchema, { title });
    setError(result.errors?.title ? t(`errors:${result.errors.title}`) : undefined);
    if (result.data === null) return;
    const input = result.data;
    busy.current = true;
    setIsSending(true);
    timer.current = setTimeout(() => {
      create.mutate(
        { columnId, input },
        {
          onSuccess: () => setTitle(''),
          onSettled: () => {
            busy.current = false;
            setIsSending(false);
          },
        },
      );
    }, CREATE_TASK_DEBOUNCE_MS);
  }

  if (!form.isOpen) {
    return (
      <Button
        variant="subtle"
        size="xs"
        justify="flex-start"
        leftSection={<IconPlus size={14} aria-hidden />}
        aria-label={t('task.add_to', { name: columnName })}
        onClick={form.open}
      >
        {t('task.add')}
      </Button>
    );
  }

  return (
    <>
      <form onSubmit={handleSubmit} noValidate>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={t('task.title_input')}
            placeholder={t('task.title_input')}
            size="xs"
            autoFocus
            style={{ flex: 1 }}
            value={title}
            error={error}
            maxLength={200}
            onChange={(event) => setTitle(event.currentTarget.value)}
            onKeyDown={(event) => {
              discardGuard.cancelOnEscape(event);
              // A held Enter repeats keydown: only the first press submits.
              if (event.key === 'Enter' && event.repeat) event.preventDefault();
            }}
          />
          <Button type="submit" size="xs" loading={create.isPending}>
            {t('task.create_submit')}
          </Button>
        </Group>
      </form>
      <DiscardQuestion {...discardGuard.question} />
    </>
  );
}

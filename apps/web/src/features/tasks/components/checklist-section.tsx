import { ActionIcon, Button, Checkbox, Group, Progress, Stack, TextInput } from '@mantine/core';
import { CreateChecklistItemInputSchema, type ChecklistItem } from '@teamboard/contract';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validate } from '../../../lib/validation';
import { useCreateChecklistItem } from '../api/create-checklist-item';
import { useDeleteChecklistItem } from '../api/delete-checklist-item';
import { useChecklist } from '../api/get-checklist';
import { useUpdateChecklistItem } from '../api/update-checklist-item';

function ChecklistRow({ item, taskId, canEdit }: { item: ChecklistItem; taskId: number; canEdit: boolean }) {
  const { t } = useTranslation('tasks');
  const update = useUpdateChecklistItem(taskId);
  const remove = useDeleteChecklistItem(taskId);
  const [text, setText] = useState(item.text);
  return (
    <Group component="li" gap="xs" wrap="nowrap">
      <Checkbox
        aria-label={t('checklist.done', { text: item.text })}
        checked={item.status === 'done'}
        disabled={!canEdit}
        onChange={(event) =>
          update.mutate({ id: item.id, input: { status: event.currentTarget.checked ? 'done' : 'pending' } })
        }
      />
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        aria-label={t('checklist.item_text')}
        value={text}
        readOnly={!canEdit}
        td={item.status === 'done' ? 'line-through' : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={() => {
          if (text.trim() !== '' && text.trim() !== item.text)
            update.mutate({ id: item.id, input: { text: text.trim() } });
          else setText(item.text);
        }}
      />
      {canEdit && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('checklist.delete', { text: item.text })}
          onClick={() => remove.mutate(item.id)}
        >
          <IconTrash size={14} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

/** The checklist: add, tick, rename, delete, with its progress. */
export function ChecklistSection({ taskId, canEdit }: { taskId: number; canEdit: boolean }) {
  const { t } = useTranslation('tasks');
  const { data: items = [] } = useChecklist(taskId);
  const create = useCreateChecklistItem(taskId);
  const [text, setText] = useState('');
  const done = items.filter((item) => item.status === 'done').length;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(CreateChecklistItemInputSchema, { text });
    if (result.data && !create.isPending) create.mutate(result.data, { onSuccess: () => setText('') });
  }

  return (
    <Stack gap="xs">
      {items.length > 0 && (
        <Progress
          value={(done / items.length) * 100}
          aria-label={t('checklist.progress', { done, total: items.length })}
        />
      )}
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {[...items]
          .sort((a, b) => a.position - b.position)
          .map((item) => (
            <ChecklistRow key={`${item.id}-${item.text}`} item={item} taskId={taskId} canEdit={canEdit} />
          ))}
      </Stack>
      {canEdit && (
        <form onSubmit={handleSubmit} noValidate>
          <Group gap="xs">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              aria-label={t('checklist.new_item')}
              placeholder={t('checklist.new_item')}
              maxLength={500}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Button size="xs" type="submit" loading={create.isPending}>
              {t('checklist.add')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}

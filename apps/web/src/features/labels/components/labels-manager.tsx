import { ActionIcon, Button, ColorInput, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  CreateLabelInputSchema,
  LABEL_NAME_MAX_LENGTH,
  UpdateLabelInputSchema,
  type Label,
} from '@teamboard/contract';
import { IconTag, IconX } from '@tabler/icons-react';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useCreateLabel } from '../api/create-label';
import { useDeleteLabel } from '../api/delete-label';
import { useLabels } from '../api/get-labels';
import { useUpdateLabel } from '../api/update-label';

const DEFAULT_COLOR = '#228be6';

function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: 3,
        background: color,
        flex: 'none',
      }}
    />
  );
}

/** Name and colour of a label: the create row and the edit row. */
function LabelFields({
  initial,
  nameLabel,
  colorLabel,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: {
  initial: { name: string; color: string };
  nameLabel: string;
  colorLabel: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (input: { name: string; color: string }, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('labels');
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState(initial.color);
  const [errors, setErrors] = useState<FieldErrors>({});
  const message = (code: string | undefined) => (code ? t(`errors:${code}`) : undefined);
  const schema = onCancel ? UpdateLabelInputSchema : CreateLabelInputSchema;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(schema, { name, color });
    setErrors(result.errors ?? {});
    if (result.data === null) return;
    onSubmit({ name: result.data.name ?? name.trim(), color: result.data.color ?? color }, () => {
      setName(initial.name);
      setColor(initial.color);
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          size="xs"
          label={nameLabel}
          required
          value={name}
          maxLength={LABEL_NAME_MAX_LENGTH}
          error={message(errors.name)}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <ColorInput
          withEyeDropper={false}
          size="xs"
          w={130}
          format="hex"
          label={colorLabel}
          required
          value={color}
          error={message(errors.color)}
          onChange={setColor}
        />
        <Button type="submit" size="xs" mt={22} loading={isPending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <ActionIcon variant="subtle" size="md" mt={22} aria-label={t('cancel')} onClick={onCancel}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </form>
  );
}

function LabelRow({ projectId, label }: { projectId: string; label: Label }) {
  const { t } = useTranslation('labels');
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const update = useUpdateLabel(projectId);
  const remove = useDeleteLabel(projectId);

  if (mode === 'edit') {
    return (
      <li>
        <LabelFields
          initial={{ name: label.name, color: label.color }}
          nameLabel={t('name')}
          colorLabel={t('color')}
          submitLabel={t('save')}
          isPending={update.isPending}
          onCancel={() => setMode('view')}
          onSubmit={(input) =>
            update.mutate(
              { id: label.id, input },
              {
                onSuccess: () => {
                  notifySuccess(t('saved'));
                  setMode('view');
                },
              },
            )
          }
        />
      </li>
    );
  }

  return (
    <li>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Swatch color={label.color} />
            <Text size="sm">{label.name}</Text>
          </Group>
          <EditDeleteActions
            editLabel={t('edit_named', { name: label.name })}
            deleteLabel={t('delete_named', { name: label.name })}
            onEdit={() => setMode('edit')}
            onDelete={() => setMode('delete')}
          />
        </Group>
        {mode === 'delete' && (
          <Group gap="xs" justify="flex-end" role="alert">
            <Text size="sm">{t('delete_text', { name: label.name })}</Text>
            <Button size="xs" variant="default" onClick={() => setMode('view')}>
              {t('cancel')}
            </Button>
            <Button
              size="xs"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(label.id, {
                  onSuccess: () => notifySuccess(t('deleted')),
                })
              }
            >
              {t('delete_submit')}
            </Button>
          </Group>
        )}
      </Stack>
    </li>
  );
}

/** The project's labels: a toolbar button opening a modal to create, rename, recolour and delete them. */
export function LabelsManager({ projectId }: { projectId: string }) {
  const { t } = useTranslation('labels');
  const [opened, { open, close }] = useDisclosure(false);
  const { data: labels, isPending } = useLabels(projectId);
  const create = useCreateLabel(projectId);

  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconTag size={14} aria-hidden />} onClick={open}>
        {t('open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('title')} size="lg">
        <Stack gap="md">
          {isPending ? (
            <Loader size="sm" role="status" aria-label={t('loading')} />
          ) : labels && labels.length > 0 ? (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('title')}>
              {labels.map((label) => (
                <LabelRow key={label.id} projectId={projectId} label={label} />
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('empty')}
            </Text>
          )}
          <LabelFields
            initial={{ name: '', color: DEFAULT_COLOR }}
            nameLabel={t('new_name')}
            colorLabel={t('new_color')}
            submitLabel={t('create')}
            isPending={create.isPending}
            onSubmit={(input, reset) =>
              create.mutate(input, {
                onSuccess: () => {
                  notifySuccess(t('created'));
                  reset();
                },
              })
            }
          />
        </Stack>
      </Modal>
    </>
  );
}

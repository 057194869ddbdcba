import {
  ActionIcon,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  addDays,
  KNOWLEDGE_DESCRIPTION_MAX_LENGTH,
  KNOWLEDGE_ITEM_NAME_MAX_LENGTH,
  KNOWLEDGE_ITEMS_MAX,
  KNOWLEDGE_TITLE_MAX_LENGTH,
  KnowledgeFormInputSchema,
  semesterList,
  SHORT_TEXT_MAX_LENGTH,
  type KnowledgeForm,
  type KnowledgeFormInputBody,
} from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { GuardedModal, useDiscardGuard } from '../../../components/guarded-modal';
import { DayInput } from '../../../components/day-input';
import { isApiError } from '../../../lib/api-error';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useSaveKnowledgeForm } from '../api/save-knowledge-form';

interface ItemDraft {
  /** A saved item's id (kept, maybe renamed); undefined for a new one. */
  id?: number;
  name: string;
  /** Stable React key. */
  key: string;
}

interface KnowledgeFormModalProps {
  opened: boolean;
  /** Edits this form; without it, creates one. */
  form: KnowledgeForm | null;
  /** The server's today (a new form opens today and closes a week later). */
  today: string;
  onClose: () => void;
}

const YEARS = Array.from({ length: 10 }, (_, index) => String(index + 1));
let keySequence = 0;
const newKey = () => `new-${++keySequence}`;

/** Create or edit a knowledge form: title, description, audience, dates and items. */
export function KnowledgeFormModal({ opened, form, today, onClose }: KnowledgeFormModalProps) {
  const { t } = useTranslation('knowledge');
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      title={t(form ? 'form.edit_title' : 'form.create_title')}
      size="lg"
    >
      {opened && <KnowledgeFormFields form={form} today={today} onDone={onClose} />}
    </GuardedModal>
  );
}

function KnowledgeFormFields({
  form,
  today,
  onDone,
}: {
  form: KnowledgeForm | null;
  today: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('knowledge');
  const save = useSaveKnowledgeForm();
  const [title, setTitle] = useState(form?.title ?? '');
  const [description, setDescription] = useState(form?.description ?? '');
  const [year, setYear] = useState<string | null>(form?.year ? String(form.year) : null);
  const [semester, setSemester] = useState<string | null>(form?.semester ?? null);
  const [section, setSection] = useState(form?.section ?? '');
  const [group, setGroup] = useState(form?.group ?? '');
  const [opensOn, setOpensOn] = useState<string | null>(form?.opens_on ?? today);
  const [closesOn, setClosesOn] = useState<string | null>(form?.closes_on ?? addDays(today, 7));
  const [items, setItems] = useState<ItemDraft[]>(
    form
      ? form.items.map((item) => ({ id: item.id, name: item.name, key: `item-${item.id}` }))
      : [{ name: '', key: newKey() }],
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  // Everything the person can change, as text: unequal to how the dialog opened means typed content.
  const values = JSON.stringify([
    title,
    description,
    year,
    semester,
    section,
    group,
    opensOn,
    closesOn,
    items.map((item) => item.name),
  ]);
  const [openingValues] = useState(values);
  useDiscardGuard(values !== openingValues);
  /** The names of saved items the edit removes (their answers go too): asked before saving. */
  const [removing, setRemoving] = useState<string[] | null>(null);

  const message = (field: string) => (errors[field] ? t(`errors:${errors[field]}`) : undefined);
  const clear = (field: string) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  function input(): KnowledgeFormInputBody | null {
    const values = {
      title,
      description,
      year: year === null ? null : Number(year),
      semester,
      section,
      group,
      opens_on: opensOn ?? '',
      closes_on: closesOn ?? '',
      items: items.map((item) =>
        item.id === undefined ? { name: item.name } : { id: item.id, name: item.name },
      ),
    };
    const result = validate(KnowledgeFormInputSchema, values);
    setErrors(result.errors ?? {});
    return result.data === null ? null : values;
  }

  function send(body: KnowledgeFormInputBody) {
    save.mutate(
      { formId: form?.id ?? null, input: body },
      {
        onSuccess: () => {
          notifySuccess(t(form ? 'form.saved' : 'form.created'));
          onDone();
        },
        onError: (error) => {
          setRemoving(null);
          if (isApiError(error) && error.code === 'KNOWLEDGE_CLOSES_BEFORE_OPENS')
            setErrors({ closes_on: error.code });
          else if (isApiError(error) && error.code?.startsWith('KNOWLEDGE_ITEM'))
            setErrors({ items: error.code });
          else notifyFailure(error);
        },
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const body = input();
    if (body === null) return;
    const keptIds = new Set(items.map((item) => item.id));
    const removed = form && form.respondents > 0 ? form.items.filter((item) => !keptIds.has(item.id)) : [];
    if (removed.length > 0) setRemoving(removed.map((item) => item.name));
    else send(body);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('form.title')}
          required
          maxLength={KNOWLEDGE_TITLE_MAX_LENGTH}
          value={title}
          error={message('title')}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            clear('title');
          }}
          data-autofocus
        />
        <Textarea
          label={t('form.description')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={KNOWLEDGE_DESCRIPTION_MAX_LENGTH}
          value={description}
          error={message('description')}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('form.audience')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('form.audience_hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t('form.year')}
              placeholder={t('form.any')}
              data={YEARS}
              clearable
              value={year}
              error={message('year')}
              onChange={setYear}
            />
            <Select
              label={t('form.semester')}
              placeholder={t('form.any')}
              data={[...semesterList()].reverse()}
              clearable
              searchable
              value={semester}
              error={message('semester')}
              onChange={setSemester}
            />
            <TextInput
              label={t('form.section')}
              placeholder={t('form.any')}
              maxLength={SHORT_TEXT_MAX_LENGTH}
              value={section}
              error={message('section')}
              onChange={(event) => setSection(event.currentTarget.value)}
            />
            <TextInput
              label={t('form.group')}
              placeholder={t('form.any')}
              maxLength={SHORT_TEXT_MAX_LENGTH}
              value={group}
              error={message('group')}
              onChange={(event) => setGroup(event.currentTarget.value)}
            />
          </SimpleGrid>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DayInput
            label={t('form.opens_on')}
            required
            value={opensOn}
            error={message('opens_on')}
            onChange={(value) => {
              setOpensOn(value);
              clear('opens_on');
            }}
          />
          <DayInput
            label={t('form.closes_on')}
            required
            value={closesOn}
            error={message('closes_on')}
            onChange={(value) => {
              setClosesOn(value);
              clear('closes_on');
            }}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-6}>
          {t('form.dates_hint')}
        </Text>
        <Stack gap={6} role="group" aria-labelledby="knowledge-items-label">
          <Text fw={600} size="sm" id="knowledge-items-label">
            {t('form.items')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('form.items_hint', { max: KNOWLEDGE_ITEMS_MAX })}
          </Text>
          {items.map((item, index) => (
            <Group key={item.key} gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                aria-label={t('form.item', { number: index + 1 })}
                placeholder={t('form.item', { number: index + 1 })}
                maxLength={KNOWLEDGE_ITEM_NAME_MAX_LENGTH}
                value={item.name}
                onChange={(event) => {
                  const name = event.currentTarget.value;
                  setItems((current) =>
                    current.map((other) => (other.key === item.key ? { ...other, name } : other)),
                  );
                  clear('items');
                }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('form.remove_item', { number: index + 1 })}
                disabled={items.length === 1}
                onClick={() => setItems((current) => current.filter((other) => other.key !== item.key))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {errors.items && (
            <Text size="sm" c="red" role="alert">
              {message('items')}
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={items.length >= KNOWLEDGE_ITEMS_MAX}
              onClick={() => setItems((current) => [...current, { name: '', key: newKey() }])}
            >
              {t('form.add_item')}
            </Button>
          </Group>
        </Stack>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t(form ? 'form.save' : 'form.create')}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={t('form.removed_items_title')}
        text={t('form.removed_items_text', { items: (removing ?? []).join(', ') })}
        confirmLabel={t('form.removed_items_confirm')}
        cancelLabel={t('form.cancel')}
        isPending={save.isPending}
        isDestructive
        onConfirm={() => {
          const body = input();
          if (body) send(body);
        }}
        onClose={() => setRemoving(null)}
      />
    </form>
  );
}

import { Button, Group, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  CreateLessonInputSchema,
  LANGUAGES,
  LESSON_TAG_MAX_LENGTH,
  LESSON_TEXT_MAX_LENGTH,
  LESSON_TITLE_MAX_LENGTH,
  LessonTagSchema,
  MAX_TAGS_PER_LESSON,
  normalizeTag,
  type CreateLessonInput,
  type Language,
  type Lesson,
} from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { currentLanguage } from '../../../lib/i18n';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { validate } from '../../../lib/validation';
import { useCreateLesson } from '../api/create-lesson';
import { useLessonTags } from '../api/get-lesson-tags';
import { useUpdateLesson } from '../api/update-lesson';
import { MarkdownField } from './markdown-field';
import { useDiscardGuard } from '../../../components/guarded-modal';

type Field = 'title' | 'language' | 'tags' | 'problem' | 'solution';
/** Localized sentences, one per field. */
type Messages = Partial<Record<Field, string>>;

/** The field a refusal of the server belongs under; the others are a toast. */
export const SERVER_ERROR_FIELDS: Partial<Record<string, Field>> = {
  TAGS_REQUIRED: 'tags',
  TOO_MANY_TAGS: 'tags',
  TAG_REPEATED: 'tags',
  TAG_NOT_VALID: 'tags',
  LANGUAGE_NOT_VALID: 'language',
};

const TAG_SEARCH_DEBOUNCE_MS = 250;

interface LessonFormProps {
  projectId: string;
  /** Edits this lesson; without it, writes a new one in the project. */
  lesson?: Lesson;
  onDone: (lesson: Lesson) => void;
  onCancel: () => void;
}

/**
 * Writes or edits a lesson: checked with the contract's schema before it is sent, the server's
 * refusals shown under their field. "Save draft" keeps it to the project; "Send for approval" puts
 * it in the admins' queue.
 */
export function LessonForm({ projectId, lesson, onDone, onCancel }: LessonFormProps) {
  const { t } = useTranslation('lessons');
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [language, setLanguage] = useState<Language>(lesson?.language ?? currentLanguage());
  const [tags, setTags] = useState<string[]>(lesson?.tags ?? []);
  const [tagSearch, setTagSearch] = useState('');
  const [problem, setProblem] = useState(lesson?.problem ?? '');
  const [solution, setSolution] = useState(lesson?.solution ?? '');
  const [messages, setMessages] = useState<Messages>({});
  const [sending, setSending] = useState<boolean | null>(null);
  // What the person typed, as text: unequal to how the form opened means a dialog must ask to discard.
  const typed = JSON.stringify([title, language, tags, problem, solution]);
  const [openingTyped] = useState(typed);
  useDiscardGuard(typed !== openingTyped);
  const [debouncedSearch] = useDebouncedValue(normalizeTag(tagSearch), TAG_SEARCH_DEBOUNCE_MS);
  const suggestions = useLessonTags(debouncedSearch);
  const create = useCreateLesson(projectId);
  const update = useUpdateLesson({ isSilent: true });
  const isPending = create.isPending || update.isPending;

  const say = (field: Field, code: string | undefined) =>
    setMessages((current) => ({ ...current, [field]: code && t(`errors:${code}`) }));
  // A field's message goes as soon as the person changes that field, not at the next submit.
  const clear = (field: Field) =>
    setMessages((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));

  function handleTagsChange(next: string[]) {
    const added = next.find((tag) => !tags.includes(tag));
    if (added !== undefined && !LessonTagSchema.safeParse(added).success) {
      // Refused: the typed text stays in the box to be corrected.
      setTagSearch(added);
      say('tags', 'TAG_NOT_VALID');
      return;
    }
    setTags([...new Set(next.map(normalizeTag))]);
    clear('tags');
  }

  function save(submit: boolean) {
    const result = validate(CreateLessonInputSchema, { title, language, tags, problem, solution, submit });
    const found: Messages = {};
    for (const [field, code] of Object.entries(result.errors ?? {})) {
      if (code) found[field as Field] = t(`errors:${code}`);
    }
    setMessages(found);
    if (result.data === null) return;
    setSending(submit);
    const handlers = {
      onSuccess: (saved: Lesson) => {
        notifySuccess(t(submit ? 'form.sent' : 'form.saved'));
        onDone(saved);
      },
      onError: (error: Error) => {
        const field = isApiError(error) && error.code ? SERVER_ERROR_FIELDS[error.code] : undefined;
        if (field) setMessages({ [field]: error.message });
        else notifyFailure(error);
      },
    };
    const input: CreateLessonInput = result.data;
    if (lesson) update.mutate({ lessonId: lesson.lesson_id, input }, handlers);
    else create.mutate(input, handlers);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter in a field keeps the work as a draft; sending for approval is always its own click.
    save(false);
  }

  const options = (suggestions.data ?? []).filter((tag) => !tags.includes(tag));
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('form.title')}
          required
          data-autofocus
          value={title}
          maxLength={LESSON_TITLE_MAX_LENGTH}
          error={messages.title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            clear('title');
          }}
        />
        <Select
          label={t('form.language')}
          required
          allowDeselect={false}
          data={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
          value={language}
          error={messages.language}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => {
            if (value === 'en' || value === 'es') setLanguage(value);
            clear('language');
          }}
        />
        <TagsInput
          label={t('form.tags')}
          description={t('form.tags_hint', { max: MAX_TAGS_PER_LESSON })}
          required
          value={tags}
          data={options}
          searchValue={tagSearch}
          onSearchChange={setTagSearch}
          maxTags={MAX_TAGS_PER_LESSON}
          maxLength={LESSON_TAG_MAX_LENGTH}
          isDuplicate={(value, current) => current.includes(normalizeTag(value))}
          onDuplicate={() => say('tags', 'TAG_REPEATED')}
          onMaxTags={() => say('tags', 'TOO_MANY_TAGS')}
          onChange={handleTagsChange}
          error={messages.tags}
          comboboxProps={{ withinPortal: true }}
        />
        <MarkdownField
          label={t('form.problem')}
          value={problem}
          maxLength={LESSON_TEXT_MAX_LENGTH}
          error={messages.problem}
          onChange={(value) => {
            setProblem(value);
            clear('problem');
          }}
        />
        <MarkdownField
          label={t('form.solution')}
          value={solution}
          maxLength={LESSON_TEXT_MAX_LENGTH}
          error={messages.solution}
          onChange={(value) => {
            setSolution(value);
            clear('solution');
          }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="light" loading={isPending && sending === false} disabled={isPending}>
            {t('form.save_draft')}
          </Button>
          <Button loading={isPending && sending === true} disabled={isPending} onClick={() => save(true)}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

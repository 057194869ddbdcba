import { Alert, Button, Divider, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  COURSE_TEMPLATE_NAME_MAX_LENGTH,
  courseSemesterList,
  teamProjectName,
  type CourseTemplate,
} from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedModal, useDiscardGuard } from '../../../components/guarded-modal';
import { notifySuccess } from '../../../lib/notify';
import { useSaveCourseTemplate } from '../api/save-course-template';
import { TemplateBoardsFields } from './template-boards-fields';
import { draftErrors, draftOf, inputOf, type DraftErrors, type TemplateDraft } from './template-draft';
import { TemplateLabelsFields } from './template-labels-fields';
import { TemplateMilestonesFields } from './template-milestones-fields';
import { useIsPhone } from '../../../lib/phone';

const YEARS = Array.from({ length: 10 }, (_, index) => String(index + 1));

interface TemplateEditorModalProps {
  opened: boolean;
  /** Edits this template; without it, creates one. */
  template: CourseTemplate | null;
  onClose: () => void;
}

/** Create or edit a course template: name, year, semester, boards with columns, labels, milestones. */
export function TemplateEditorModal({ opened, template, onClose }: TemplateEditorModalProps) {
  const { t } = useTranslation('course-templates');
  const isPhone = useIsPhone();
  return (
    <GuardedModal
      opened={opened}
      onClose={onClose}
      fullScreen={isPhone}
      size="xl"
      title={t(template ? 'editor.edit_title' : 'editor.create_title')}
    >
      {opened && <TemplateEditorForm template={template} onDone={onClose} />}
    </GuardedModal>
  );
}

function TemplateEditorForm({ template, onDone }: { template: CourseTemplate | null; onDone: () => void }) {
  const { t } = useTranslation('course-templates');
  const save = useSaveCourseTemplate();
  const [initialDraft] = useState<TemplateDraft>(() =>
    draftOf(template, {
      board: t('editor.default_board'),
      columns: t('editor.default_columns').split('|'),
    }),
  );
  const [draft, setDraft] = useState<TemplateDraft>(initialDraft);
  // The draft is plain data (strings, arrays), so its JSON says whether anything was changed.
  useDiscardGuard(JSON.stringify(draft) !== JSON.stringify(initialDraft));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [isChecked, setIsChecked] = useState(false);
  const message = (path: string) => (errors[path] ? t(`errors:${errors[path]}`) : undefined);

  /** Edits re-check the draft once a save was tried, so a fixed field loses its message at once. */
  function change(next: Partial<TemplateDraft>) {
    const updated = { ...draft, ...next };
    setDraft(updated);
    if (isChecked) setErrors(draftErrors(updated) ?? {});
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const found = draftErrors(draft);
    setIsChecked(true);
    setErrors(found ?? {});
    if (found) return;
    save.mutate(
      { templateId: template?.id ?? null, input: inputOf(draft) },
      {
        onSuccess: () => {
          notifySuccess(t(template ? 'editor.saved' : 'editor.created'));
          onDone();
        },
      },
    );
  }

  const example = teamProjectName(draft.name.trim() || t('editor.name'), t('editor.name_example_team'));
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('editor.name')}
          required
          maxLength={COURSE_TEMPLATE_NAME_MAX_LENGTH}
          value={draft.name}
          error={message('name')}
          description={t('editor.name_hint', { example })}
          onChange={(event) => change({ name: event.currentTarget.value })}
          data-autofocus
        />
        <Stack gap={4}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t('editor.year')}
              placeholder={t('editor.not_set')}
              data={YEARS}
              clearable
              value={draft.year}
              error={message('year')}
              onChange={(year) => change({ year })}
            />
            <Select
              label={t('editor.semester')}
              placeholder={t('editor.not_set')}
              data={[...courseSemesterList()].reverse()}
              clearable
              searchable
              value={draft.semester}
              error={message('semester')}
              onChange={(semester) => change({ semester })}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('editor.course_hint')}
          </Text>
        </Stack>
        <Divider />
        <TemplateBoardsFields
          boards={draft.boards}
          errors={errors}
          onChange={(boards) => change({ boards })}
        />
        <Divider />
        <TemplateLabelsFields
          labels={draft.labels}
          errors={errors}
          onChange={(labels) => change({ labels })}
        />
        <Divider />
        <TemplateMilestonesFields
          milestones={draft.milestones}
          errors={errors}
          onChange={(milestones) => change({ milestones })}
        />
        {Object.keys(errors).length > 0 && (
          <Alert color="red" role="alert" p="xs">
            {t('editor.check')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t(template ? 'editor.save' : 'editor.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

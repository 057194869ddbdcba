import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconPlus } from '@tabler/icons-react';
import type { KnowledgeForm } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteConfirmModal } from '../../../components/delete-confirm-modal';
import { EditDeleteButtons } from '../../../components/edit-delete-actions';
import { EmptyState } from '../../../components/empty-state';
import { useDeleteKnowledgeForm } from '../api/delete-knowledge-form';
import { useKnowledgeForms } from '../api/get-knowledge-forms';
import { useFormat } from '../../../lib/use-format';
import { KnowledgeFormModal } from './knowledge-form-modal';
import { KnowledgeStateBadge, useKnowledgeDates } from './knowledge-state-badge';

/** The path of a form's results (app/route-table.tsx). */
export const knowledgeResultsPath = (formId: number) => `/dashboard/knowledge/${formId}`;

/** "Semester 2026-2 · Section A", or "Everyone". */
export function useAudienceText() {
  const { t } = useTranslation('knowledge');
  return (form: Pick<KnowledgeForm, 'year' | 'semester' | 'section' | 'group'>) => {
    const parts = [
      form.year !== null && t('manage.year_value', { year: form.year }),
      form.semester !== null && t('manage.semester_value', { semester: form.semester }),
      form.section !== null && t('manage.section_value', { section: form.section }),
      form.group !== null && t('manage.group_value', { group: form.group }),
    ].filter((part): part is string => typeof part === 'string');
    return parts.length === 0 ? t('manage.everyone') : parts.join(' · ');
  };
}

/** The dashboard's "Knowledge forms" tab: the forms a teacher (or every form an admin) manages. */
export function KnowledgeFormsManager({ showAuthor }: { showAuthor: boolean }) {
  const { t } = useTranslation('knowledge');
  const forms = useKnowledgeForms();
  const remove = useDeleteKnowledgeForm();
  /** undefined: closed; null: a new form; a form: editing it. */
  const [editing, setEditing] = useState<KnowledgeForm | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<KnowledgeForm | null>(null);

  if (forms.isPending) return <Loader size="sm" role="status" aria-label={t('common:loading')} />;
  if (forms.isError) return null;
  const { data, today } = forms.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
          {t('manage.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
          {t('manage.new')}
        </Button>
      </Group>
      {data.length === 0 ? (
        <EmptyState title={t('manage.empty')} />
      ) : (
        data.map((form) => (
          <FormCard
            key={form.id}
            form={form}
            showAuthor={showAuthor}
            onEdit={() => setEditing(form)}
            onDelete={() => setDeleting(form)}
          />
        ))
      )}
      <KnowledgeFormModal
        opened={editing !== undefined}
        form={editing ?? null}
        today={today}
        onClose={() => setEditing(undefined)}
      />
      <DeleteConfirmModal
        item={deleting}
        remove={remove}
        labels={{
          title: t('manage.delete_title'),
          text: t('manage.delete_text', { title: deleting?.title ?? '' }),
          confirm: t('manage.delete'),
          cancel: t('form.cancel'),
          done: t('manage.deleted'),
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

interface FormCardProps {
  form: KnowledgeForm;
  showAuthor: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function FormCard({ form, showAuthor, onEdit, onDelete }: FormCardProps) {
  const { t } = useTranslation('knowledge');
  const format = useFormat();
  const dates = useKnowledgeDates();
  const audience = useAudienceText();
  const headingId = `knowledge-manage-${form.id}`;
  return (
    <Card component="article" withBorder padding="md" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {form.title}
          </Title>
          <KnowledgeStateBadge state={form.state} />
        </Group>
        <Text size="sm">
          {dates(form, format.date)}
          {' · '}
          {t('dates.range', { start: format.date(form.opens_on), end: format.date(form.closes_on) })}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('manage.audience')}: {audience(form)}
          {' · '}
          {t('manage.items_count', { count: form.items.length })}
          {' · '}
          {t('manage.respondents', { count: form.respondents })}
          {showAuthor && ` · ${t('manage.created_by', { name: form.created_by_name })}`}
        </Text>
        <Group gap="xs" mt={4} role="group" aria-label={t('manage.actions', { title: form.title })}>
          <Button
            component={Link}
            to={knowledgeResultsPath(form.id)}
            size="xs"
            variant="light"
            leftSection={<IconChartBar size={14} aria-hidden />}
          >
            {t('manage.results')}
          </Button>
          <EditDeleteButtons
            editLabel={t('manage.edit')}
            deleteLabel={t('manage.delete')}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </Group>
      </Stack>
    </Card>
  );
}

import { Anchor, Badge, Button, Card, Collapse, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import type { CourseTemplate } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteConfirmModal } from '../../../components/delete-confirm-modal';
import { EditDeleteButtons } from '../../../components/edit-delete-actions';
import { EmptyState } from '../../../components/empty-state';
import { useDeleteCourseTemplate } from '../api/delete-course-template';
import { useCourseTemplates } from '../api/get-course-templates';
import { useFormat } from '../../../lib/use-format';
import { RosterImportModal } from './roster-import-modal';
import { TemplateEditorModal } from './template-editor-modal';
import { TemplateFromProjectModal } from './template-from-project-modal';

/** The dashboard's "Course templates" tab: a teacher's templates (every template for an admin). */
export function CourseTemplatesTab({ showOwner }: { showOwner: boolean }) {
  const { t } = useTranslation('course-templates');
  const templates = useCourseTemplates();
  const remove = useDeleteCourseTemplate();
  /** undefined: closed; null: a new template; a template: editing it. */
  const [editing, setEditing] = useState<CourseTemplate | null | undefined>(undefined);
  const [isCopying, setIsCopying] = useState(false);
  const [importing, setImporting] = useState<CourseTemplate | null>(null);
  const [deleting, setDeleting] = useState<CourseTemplate | null>(null);

  if (templates.isPending) return <Loader size="sm" role="status" aria-label={t('common:loading')} />;
  if (templates.isError) return null;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <Group gap="xs">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
          {t('new')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() => setIsCopying(true)}
        >
          {t('new_from_project')}
        </Button>
      </Group>
      {templates.data.length === 0 ? (
        <EmptyState title={t('empty')} description={t('empty_hint')} />
      ) : (
        templates.data.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            showOwner={showOwner}
            onEdit={() => setEditing(template)}
            onImport={() => setImporting(template)}
            onDelete={() => setDeleting(template)}
          />
        ))
      )}
      <TemplateEditorModal
        opened={editing !== undefined}
        template={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <TemplateFromProjectModal opened={isCopying} onClose={() => setIsCopying(false)} />
      <RosterImportModal template={importing} onClose={() => setImporting(null)} />
      <DeleteConfirmModal
        item={deleting}
        remove={remove}
        labels={{
          title: t('delete.title'),
          text: t('delete.text', { name: deleting?.name ?? '' }),
          confirm: t('delete.confirm'),
          cancel: t('delete.cancel'),
          done: t('delete.done'),
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

interface TemplateCardProps {
  template: CourseTemplate;
  showOwner: boolean;
  onEdit: () => void;
  onImport: () => void;
  onDelete: () => void;
}

function TemplateCard({ template, showOwner, onEdit, onImport, onDelete }: TemplateCardProps) {
  const { t } = useTranslation('course-templates');
  const format = useFormat();
  const [isShowingProjects, setIsShowingProjects] = useState(false);
  const headingId = `course-template-${template.id}`;
  const columns = template.boards.reduce((sum, board) => sum + board.columns.length, 0);
  const days = template.milestones.flatMap((milestone) => [milestone.start_date, milestone.deadline]).sort();
  const course = [
    template.year !== null && t('card.year', { year: template.year }),
    template.semester !== null && t('card.semester', { semester: template.semester }),
  ].filter((part): part is string => typeof part === 'string');
  return (
    <Card component="article" withBorder padding="md" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {template.name}
          </Title>
          <Badge variant="light" tt="none" color={course.length > 0 ? 'blue' : 'gray'}>
            {course.length > 0 ? course.join(' · ') : t('card.no_course')}
          </Badge>
        </Group>
        <Text size="sm">
          {[
            t('card.boards', { count: template.boards.length }),
            t('card.columns', { count: columns }),
            t('card.labels', { count: template.labels.length }),
            t('card.milestones', { count: template.milestones.length }),
          ].join(' · ')}
        </Text>
        {days.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('card.calendar', { start: format.date(days[0]!), end: format.date(days.at(-1)!) })}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('card.projects', { count: template.projects.length })}
          {showOwner && ` · ${t('card.owner', { name: template.owner_name })}`}
        </Text>
        {template.labels.length > 0 && (
          <Group gap={4}>
            {template.labels.map((label) => (
              <Badge key={label.name} size="sm" tt="none" color={label.color} variant="filled" autoContrast>
                {label.name}
              </Badge>
            ))}
          </Group>
        )}
        <Group gap="xs" mt={4} role="group" aria-label={t('card.actions', { name: template.name })}>
          <Button size="xs" leftSection={<IconUsersGroup size={14} aria-hidden />} onClick={onImport}>
            {t('card.import')}
          </Button>
          <EditDeleteButtons
            editLabel={t('card.edit')}
            deleteLabel={t('card.delete')}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </Group>
        {template.projects.length > 0 && (
          <>
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="left"
              aria-expanded={isShowingProjects}
              onClick={() => setIsShowingProjects((shown) => !shown)}
            >
              {t(isShowingProjects ? 'card.hide_projects' : 'card.show_projects')}
            </Anchor>
            <Collapse expanded={isShowingProjects}>
              <Stack gap={2} component="ul" style={{ paddingLeft: '1.25rem', margin: 0 }}>
                {template.projects.map((project) => (
                  <li key={project.id}>
                    <Anchor
                      component={Link}
                      to={`/project/${project.id}`}
                      size="sm"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {project.name}
                    </Anchor>
                  </li>
                ))}
              </Stack>
            </Collapse>
          </>
        )}
      </Stack>
    </Card>
  );
}

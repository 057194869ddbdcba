import { Alert, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { Lesson } from '@teamboard/contract';
import { IconEye, IconFolder, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import { ConfirmModal } from '../../../components/confirm-modal';
import { Markdown } from '../../../components/markdown';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteLesson } from '../api/delete-lesson';
import { useUpdateLesson } from '../api/update-lesson';
import { LessonTags } from './lesson-facts';
import { LessonFormModal } from './lesson-form-modal';
import { LessonReaderActions } from './lesson-reader-actions';
import { LessonStatusBadge } from './lesson-status-badge';
import { ReviewActions } from './review-actions';

interface LessonContentProps {
  lesson: Lesson;
  /** The project the reader is in: a lesson from another one says where it comes from. */
  currentProjectId?: number;
  isAdmin: boolean;
  /** The author deleted it: the screen leaves. */
  onDeleted: () => void;
}

/** One lesson as its reader sees it: content, facts, and what the reader may do with it. */
export function LessonContent({ lesson, currentProjectId, isAdmin, onDeleted }: LessonContentProps) {
  const { t } = useTranslation('lessons');
  const format = useFormat();
  const isFromElsewhere = currentProjectId === undefined || currentProjectId !== lesson.project_id;
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group gap="xs">
          <LessonStatusBadge lesson={lesson} />
          <Text size="sm" c="dimmed">
            {t(`languages.${lesson.language}`)}
          </Text>
        </Group>
        {isFromElsewhere && (
          <Group gap={4} wrap="nowrap">
            <IconFolder size={16} aria-hidden />
            <Text size="sm">{t('detail.from_project', { project: lesson.project_name })}</Text>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {[
            t('detail.author', { author: lesson.author?.name ?? t('unknown_author') }),
            t('detail.written', { date: format.date(lesson.created_at) }),
            lesson.published_at && t('detail.published', { date: format.date(lesson.published_at) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <LessonTags tags={lesson.tags} />
        <Group gap={4} wrap="nowrap">
          <IconEye size={14} aria-hidden />
          <Text size="sm" c="dimmed">
            {t('views', { count: lesson.views })}
          </Text>
        </Group>
      </Stack>
      {lesson.status === 'disapproved' && lesson.review_reason && (
        <Alert color="red" title={t('detail.disapproved_title')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {lesson.review_reason}
          </Text>
        </Alert>
      )}
      {lesson.status === 'pending' && lesson.can_edit && (
        <Alert color="yellow">{t('detail.pending_hint')}</Alert>
      )}
      <section aria-labelledby="lesson-problem">
        <Title order={2} size="h4" id="lesson-problem">
          {t('detail.problem')}
        </Title>
        <Markdown text={lesson.problem} />
      </section>
      <section aria-labelledby="lesson-solution">
        <Title order={2} size="h4" id="lesson-solution">
          {t('detail.solution')}
        </Title>
        <Markdown text={lesson.solution} />
      </section>
      {lesson.status === 'published' && !lesson.hidden && (
        <>
          <Divider />
          <LessonReaderActions lesson={lesson} />
        </>
      )}
      {lesson.can_edit && <AuthorActions lesson={lesson} onDeleted={onDeleted} />}
      {isAdmin && <ReviewActions lesson={lesson} />}
    </Stack>
  );
}

/** Edit, send for approval and delete: the author's, until an admin publishes it. */
function AuthorActions({ lesson, onDeleted }: { lesson: Lesson; onDeleted: () => void }) {
  const { t } = useTranslation('lessons');
  const update = useUpdateLesson();
  const remove = useDeleteLesson();
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const canSend = lesson.status === 'draft' || lesson.status === 'disapproved';
  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconPencil size={16} aria-hidden />}
        onClick={() => setIsEditing(true)}
      >
        {t('detail.edit')}
      </Button>
      {canSend && (
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { lessonId: lesson.lesson_id, input: { submit: true } },
              { onSuccess: () => notifySuccess(t('form.sent')) },
            )
          }
        >
          {t('form.submit')}
        </Button>
      )}
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setIsDeleting(true)}
      >
        {t('detail.delete')}
      </Button>
      <LessonFormModal
        opened={isEditing}
        projectId={String(lesson.project_id)}
        lesson={lesson}
        onClose={() => setIsEditing(false)}
      />
      <ConfirmModal
        opened={isDeleting}
        title={t('delete.title')}
        text={t('delete.text', { title: lesson.title })}
        confirmLabel={t('delete.submit')}
        cancelLabel={t('cancel')}
        isPending={remove.isPending}
        isDestructive
        onClose={() => setIsDeleting(false)}
        onConfirm={() =>
          remove.mutate(lesson.lesson_id, {
            onSuccess: () => {
              notifySuccess(t('delete.done'));
              setIsDeleting(false);
              onDeleted();
            },
          })
        }
      />
    </Group>
  );
}

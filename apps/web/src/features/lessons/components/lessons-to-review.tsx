import { Loader, Modal, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLesson } from '../api/get-lesson';
import { LessonContent } from './lesson-content';
import { LessonReview } from './lesson-review';
import { useIsPhone } from '../../../lib/phone';

/**
 * The dashboard's "Lessons to review" (admins): the queue and the hidden lessons with their review
 * actions. A lesson opens in a dialog with its whole content, since an admin may be in no project.
 */
export function LessonsToReview() {
  const { t } = useTranslation('lessons');
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="lessons-to-review">
      <Title order={2} size="h3" id="lessons-to-review">
        {t('review.title_dashboard')}
      </Title>
      <LessonReview order={3} onOpen={(lesson) => setOpenId(lesson.lesson_id)} />
      {openId !== null && <LessonDialog lessonId={openId} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

function LessonDialog({ lessonId, onClose }: { lessonId: number; onClose: () => void }) {
  const { t } = useTranslation('lessons');
  const { data: lesson, error } = useLesson(lessonId);
  const isPhone = useIsPhone();
  return (
    <Modal
      opened
      onClose={onClose}
      size="48rem"
      fullScreen={isPhone}
      title={lesson?.title ?? t('detail.title')}
    >
      {lesson ? (
        <LessonContent lesson={lesson} isAdmin onDeleted={onClose} />
      ) : error ? (
        error.message
      ) : (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      )}
    </Modal>
  );
}

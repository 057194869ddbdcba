import { Anchor, Loader } from '@mantine/core';
import { IconBulbOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-error';
import { useLesson } from '../api/get-lesson';
import { LessonContent } from './lesson-content';

interface LessonScreenProps {
  /** The project the reader is in (the URL's), not necessarily the lesson's. */
  projectId: string;
  lessonId: number;
  isAdmin: boolean;
}

/** /project/:id/lessons/:lesson_id: one lesson, or "not found" with the way back. */
export function LessonScreen({ projectId, lessonId, isAdmin }: LessonScreenProps) {
  const { t } = useTranslation('lessons');
  const navigate = useNavigate();
  const { data: lesson, error, isPending, isError } = useLesson(lessonId);
  const lessonsPath = `/project/${encodeURIComponent(projectId)}/lessons`;

  if (isPending && !isError && Number.isInteger(lessonId) && lessonId > 0) {
    return (
      <Page title={t('detail.title')}>
        <Loader size="sm" role="status" aria-label={t('loading')} />
      </Page>
    );
  }
  if (!lesson) {
    const isMissing = !isError || (isApiError(error) && (error.status === 404 || error.status === 403));
    return (
      <Page title={t('detail.title')}>
        <EmptyState
          icon={<IconBulbOff aria-hidden size={28} />}
          title={isMissing ? t('detail.not_found') : t('detail.load_failed')}
          description={isMissing ? t('detail.not_found_hint') : error?.message}
        >
          <Anchor component={Link} to={lessonsPath} mt="sm">
            {t('detail.back')}
          </Anchor>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page title={lesson.title}>
      <Anchor component={Link} to={lessonsPath} size="sm" w="fit-content">
        {t('detail.back')}
      </Anchor>
      <LessonContent
        lesson={lesson}
        currentProjectId={Number(projectId)}
        isAdmin={isAdmin}
        onDeleted={() => void navigate(lessonsPath, { replace: true })}
      />
    </Page>
  );
}

import { Button, Group, Modal } from '@mantine/core';
import { LessonReasonInputSchema, type LessonSummary } from '@teamboard/contract';
import { IconCheck, IconEye, IconEyeOff, IconFlag, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useReviewLesson, type ReviewAction } from '../api/review-lesson';
import { LessonReports } from './lesson-reports';
import { ReasonForm } from './reason-form';

/** What an admin may do with a lesson as it stands: decide a pending one, review a published one. */
export function reviewActionsFor(lesson: Pick<LessonSummary, 'status' | 'hidden'>): ReviewAction[] {
  if (lesson.status === 'pending') return ['approve', 'disapprove'];
  if (lesson.status === 'published') return lesson.hidden ? ['restore', 'unpublish'] : ['unpublish'];
  return [];
}

const ICONS = { approve: IconCheck, disapprove: IconX, unpublish: IconEyeOff, restore: IconEye };
const COLORS = { approve: 'green', disapprove: 'red', unpublish: 'red', restore: undefined };

/** A published lesson someone reported: the admin may see who, and whether it hides the lesson. */
export function hasReports(lesson: Pick<LessonSummary, 'status' | 'abuse'>): boolean {
  return lesson.status === 'published' && lesson.abuse > 0;
}

/**
 * The admins' approve / disapprove / unpublish / restore; the two refusals ask for the author's
 * reason. A reported lesson also offers its reports.
 */
export function ReviewActions({ lesson }: { lesson: LessonSummary }) {
  const { t } = useTranslation('lessons');
  const review = useReviewLesson();
  const [asking, setAsking] = useState<ReviewAction | null>(null);
  const [isShowingReports, setIsShowingReports] = useState(false);
  const actions = reviewActionsFor(lesson);
  if (actions.length === 0) return null;

  function run(action: ReviewAction, reason?: string) {
    review.mutate(
      { lessonId: lesson.lesson_id, action, reason },
      {
        onSuccess: () => {
          notifySuccess(t(`review.done.${action}`));
          setAsking(null);
        },
      },
    );
  }

  return (
    <>
      <Group gap="xs">
        {actions.map((action) => {
          const Icon = ICONS[action];
          const needsReason = action === 'disapprove' || action === 'unpublish';
          return (
            <Button
              key={action}
              size="xs"
              variant="light"
              color={COLORS[action]}
              leftSection={<Icon size={14} aria-hidden />}
              loading={review.isPending && review.variables?.action === action}
              aria-label={t(`review.named.${action}`, { title: lesson.title })}
              onClick={() => (needsReason ? setAsking(action) : run(action))}
            >
              {t(`review.${action}`)}
            </Button>
          );
        })}
        {hasReports(lesson) && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFlag size={14} aria-hidden />}
            aria-label={t('reports.named', { title: lesson.title })}
            onClick={() => setIsShowingReports(true)}
          >
            {t('reports.open')} ({lesson.abuse})
          </Button>
        )}
      </Group>
      <Modal
        opened={isShowingReports}
        onClose={() => setIsShowingReports(false)}
        title={t('reports.named', { title: lesson.title })}
        size="lg"
      >
        {isShowingReports && <LessonReports lessonId={lesson.lesson_id} />}
      </Modal>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking && t(`review.title.${asking}`)}
      >
        {asking !== null && (
          <ReasonForm
            schema={LessonReasonInputSchema}
            isRequired
            label={t('review.reason')}
            description={t('review.reason_hint')}
            submitLabel={t(`review.${asking}`)}
            isPending={review.isPending}
            onCancel={() => setAsking(null)}
            onSubmit={(input) => run(asking, input.reason)}
          />
        )}
      </Modal>
    </>
  );
}

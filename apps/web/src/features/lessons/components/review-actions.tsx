import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { LESSON_REASON_MAX_LENGTH, LessonReasonInputSchema, type LessonSummary } from '@teamboard/contract';
import { IconCheck, IconEye, IconEyeOff, IconFlag, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { validate } from '../../../lib/validation';
import { useReviewLesson, type ReviewAction } from '../api/review-lesson';
import { LessonReports } from './lesson-reports';

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
            action={asking}
            isPending={review.isPending}
            onCancel={() => setAsking(null)}
            onSubmit={(reason) => run(asking, reason)}
          />
        )}
      </Modal>
    </>
  );
}

interface ReasonFormProps {
  action: ReviewAction;
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}

function ReasonForm({ action, isPending, onCancel, onSubmit }: ReasonFormProps) {
  const { t } = useTranslation('lessons');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(LessonReasonInputSchema, { reason });
    if (result.data === null) {
      setError(t(`errors:${result.errors.reason ?? 'FIELD_NOT_VALID'}`));
      return;
    }
    onSubmit(result.data.reason);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('review.reason')}
          description={t('review.reason_hint')}
          required
          data-autofocus
          autosize
          minRows={3}
          maxRows={8}
          maxLength={LESSON_REASON_MAX_LENGTH}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="red" loading={isPending}>
            {t(`review.${action}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { LessonSummary } from '@teamboard/contract';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useReviewLessons, type ReviewState } from '../api/get-review-lessons';
import { LessonList } from './lesson-list';
import { ReviewActions } from './review-actions';

interface LessonReviewProps {
  /** Where a lesson's title leads (inside a project), or… */
  linkTo?: (lesson: LessonSummary) => string;
  /** …what opening one does (the dashboard shows it in a dialog: an admin may have no project). */
  onOpen?: (lesson: LessonSummary) => void;
  /** The heading level of the two sections. */
  order?: 2 | 3;
}

/**
 * The admins' review: the approval queue (oldest first), the lessons hidden by reports, and the
 * reported ones still shown (whose reports did not hide them).
 */
export function LessonReview({ linkTo, onOpen, order = 2 }: LessonReviewProps) {
  return (
    <Stack gap="lg">
      <ReviewQueue state="pending" linkTo={linkTo} onOpen={onOpen} order={order} />
      <ReviewQueue state="hidden" linkTo={linkTo} onOpen={onOpen} order={order} />
      <ReviewQueue state="reported" linkTo={linkTo} onOpen={onOpen} order={order} />
    </Stack>
  );
}

function ReviewQueue({ state, linkTo, onOpen, order }: LessonReviewProps & { state: ReviewState }) {
  const { t } = useTranslation('lessons');
  const { data: lessons, isPending } = useReviewLessons(state);
  return (
    <Stack gap="xs" component="section" aria-label={t(`review.queue.${state}`)}>
      <Title order={order} size="h4">
        {t(`review.queue.${state}`)}
      </Title>
      {isPending ? (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      ) : lessons && lessons.length > 0 ? (
        <LessonList
          lessons={lessons}
          label={t(`review.queue.${state}`)}
          linkTo={linkTo}
          onOpen={onOpen}
          actions={(lesson) => <ReviewActions lesson={lesson} />}
        />
      ) : (
        <Group gap="xs" c="dimmed">
          <IconChecks aria-hidden size={18} />
          <Text size="sm">{t(`review.empty.${state}`)}</Text>
        </Group>
      )}
    </Stack>
  );
}

import { Badge, Group } from '@mantine/core';
import type { LessonStatus, LessonSummary } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<LessonStatus, string> = {
  draft: 'gray',
  pending: 'yellow',
  published: 'green',
  disapproved: 'red',
};

/** Draft, awaiting approval, published or disapproved; and "hidden" while reports hide it. */
export function LessonStatusBadge({ lesson }: { lesson: Pick<LessonSummary, 'status' | 'hidden'> }) {
  const { t } = useTranslation('lessons');
  return (
    <Group gap={4} wrap="nowrap">
      <Badge size="sm" variant="light" color={STATUS_COLORS[lesson.status]}>
        {t(`status.${lesson.status}`)}
      </Badge>
      {lesson.hidden && (
        <Badge size="sm" variant="light" color="orange">
          {t('status.hidden')}
        </Badge>
      )}
    </Group>
  );
}

import type { CourseOutlier } from '@teamboard/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';

/** Numbers in the reader's language ("2,15" in Spanish means 2.15), at most 2 decimals. */
export function useCourseFormat() {
  const { t } = useTranslation('course-overview');
  const format = useFormat();
  return useMemo(() => {
    const number = (value: number) => format.number(value);
    /** One outlier in words: the team's value against its section's median. */
    const outlier = (item: CourseOutlier) =>
      item.metric === 'days_since_activity' && item.value === null
        ? t('outlier.days_since_activity.never', { median: number(item.median) })
        : t(`outlier.${item.metric}.${item.direction}`, {
            value: number(item.value ?? 0),
            median: number(item.median),
          });
    return { number, outlier, day: (value: string) => format.date(value) };
  }, [format, t]);
}

export type CourseFormat = ReturnType<typeof useCourseFormat>;

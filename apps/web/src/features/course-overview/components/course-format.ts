import type { CourseOutlier } from '@teamboard/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Numbers in the reader's language ("2,15" in Spanish means 2.15), at most 2 decimals. */
export function useCourseFormat() {
  const { t, i18n } = useTranslation('course-overview');
  const language = i18n.language;
  return useMemo(() => {
    const numberFormat = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    const number = (value: number) => numberFormat.format(value);
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    /** One outlier in words: the team's value against its section's median. */
    const outlier = (item: CourseOutlier) =>
      item.metric === 'days_since_activity' && item.value === null
        ? t('outlier.days_since_activity.never', { median: number(item.median) })
        : t(`outlier.${item.metric}.${item.direction}`, {
            value: number(item.value ?? 0),
            median: number(item.median),
          });
    return { number, outlier, day: (value: string) => day.format(new Date(`${value}T00:00:00Z`)) };
  }, [language, t]);
}

export type CourseFormat = ReturnType<typeof useCourseFormat>;

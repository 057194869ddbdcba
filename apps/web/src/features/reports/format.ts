import type { HoursFilter, ReportMember } from '@teamboard/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/use-format';

/** Numbers, hours, shares and days in the reader's language ("2,5 h", "26 nov" in Spanish). */
export function useReportFormat() {
  const { t } = useTranslation('reports');
  const format = useFormat();
  return useMemo(() => {
    const hours = (value: number) => t('hours_value', { value: format.number(value) });
    return {
      number: (value: number) => format.number(value),
      hours,
      /** A share from 0 to 1 as a percentage. */
      percent: (value: number) => format.percent(value),
      /** A range of days, its shared month and year said once ("Nov 19 – 26, 2026"). */
      range: (start: string, end: string) => format.dateRange(start, end),
      /**
       * A bucket of the hours report (`YYYY-MM-DD`, `YYYY-MM`, `YYYY`); days and weeks name their
       * year only when the range spans two.
       */
      bucket: (bucket: string, filter: HoursFilter, withYear = false) => {
        if (filter === 'year') return bucket;
        if (filter === 'month') return format.date(`${bucket}-01`, 'month');
        return format.date(bucket, withYear ? 'medium' : 'short');
      },
      /** Hours from opening to merge; past a day, also in days. */
      duration: (value: number) =>
        value < 24
          ? hours(value)
          : t('pullrequests.duration', { hours: hours(value), days: format.number(value / 24) }),
    };
  }, [t, format]);
}
export type ReportFormat = ReturnType<typeof useReportFormat>;

/** Whether a range's first and last days fall in different years. */
export const spansYears = (start: string, end: string) => start.slice(0, 4) !== end.slice(0, 4);

/** A member's name as the reports show it: authors who map to no member, and former members, said so. */
export function useMemberName() {
  const { t } = useTranslation('reports');
  return (member: ReportMember) =>
    member.user_id === null
      ? t('other_authors')
      : member.is_member
        ? member.name
        : t('former_member', { name: member.name });
}

/** Mantine palette colors for the chart series, in an order where neighbours differ. */
const SERIES_COLORS = [
  'blue.6',
  'orange.6',
  'teal.6',
  'grape.6',
  'yellow.6',
  'cyan.7',
  'red.6',
  'lime.7',
  'indigo.6',
  'pink.6',
  'green.7',
  'violet.6',
];
export const seriesColor = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length]!;

import type { HoursFilter, ReportMember } from '@teamboard/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Numbers, hours, shares and days in the reader's language ("2,5 h", "26 nov" in Spanish). */
export function useReportFormat() {
  const { t, i18n } = useTranslation('reports');
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const dayMonth = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const dayMonthYear = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const monthYear = new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    const hours = (value: number) => t('hours_value', { value: number.format(round2(value)) });
    return {
      number: (value: number) => number.format(round2(value)),
      hours,
      /** A share from 0 to 1 as a percentage. */
      percent: (value: number) => percent.format(value),
      /** A range of days, its shared month and year said once ("Nov 19 – 26, 2026"). */
      range: (start: string, end: string) => dayMonthYear.formatRange(utc(start), utc(end)),
      /**
       * A bucket of the hours report (`YYYY-MM-DD`, `YYYY-MM`, `YYYY`); days and weeks name their
       * year only when the range spans two.
       */
      bucket: (bucket: string, filter: HoursFilter, withYear = false) => {
        if (filter === 'year') return bucket;
        if (filter === 'month') return monthYear.format(utc(`${bucket}-01`));
        return (withYear ? dayMonthYear : dayMonth).format(utc(bucket));
      },
      /** Hours from opening to merge; past a day, also in days. */
      duration: (value: number) =>
        value < 24 ? hours(value) : t('pullrequests.duration', { hours: hours(value), days: number.format(round2(value / 24)) }),
    };
  }, [t, language]);
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

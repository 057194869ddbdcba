import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/use-format';

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** Numbers, hours, shares and days in the reader's language ("2,5 h", "jue, 26 nov" in Spanish). */
export function useStandupFormat() {
  const { t } = useTranslation('standups');
  const format = useFormat();
  return useMemo(
    () => ({
      number: (value: number) => format.number(value),
      /** A number, or a dash when there is none (no stand-up to average). */
      maybe: (value: number | null) => (value === null ? t('analysis.none') : format.number(value)),
      signed: (value: number | null) =>
        value === null ? t('analysis.none') : format.number(value, { signed: true }),
      hours: (value: number) => t('standup.hours', { value: format.number(value) }),
      percent: (value: number) => format.percent(value),
      language: format.language,
      /** "Thursday, November 26, 2026"; "Jueves, 26 de noviembre de 2026" (a heading's first capital). */
      day: (day: string) => capitalize(format.date(day, 'long')),
      /** "Nov 26": a chart's axis. */
      shortDay: (day: string) => format.date(day, 'short'),
      range: (start: string, end: string) => format.dateRange(start, end),
      /** An instant (ISO), in the reader's time zone. */
      time: (iso: string) => format.dateTime(iso),
    }),
    [t, format],
  );
}
export type StandupFormat = ReturnType<typeof useStandupFormat>;

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Numbers, hours, shares and days in the reader's language ("2,5 h", "jue, 26 nov" in Spanish). */
export function useStandupFormat() {
  const { t, i18n } = useTranslation('standups');
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    const signed = new Intl.NumberFormat(language, { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const weekday = new Intl.DateTimeFormat(language, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const short = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const medium = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const time = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      number: (value: number) => number.format(round2(value)),
      /** A number, or a dash when there is none (no stand-up to average). */
      maybe: (value: number | null) => (value === null ? t('analysis.none') : number.format(round2(value))),
      signed: (value: number | null) => (value === null ? t('analysis.none') : signed.format(round2(value))),
      hours: (value: number) => t('standup.hours', { value: number.format(round2(value)) }),
      percent: (value: number) => percent.format(value),
      language,
      /** "Thursday, November 26, 2026"; "Jueves, 26 de noviembre de 2026" (a heading's first capital). */
      day: (day: string) => capitalize(weekday.format(utc(day))),
      /** "Nov 26": a chart's axis. */
      shortDay: (day: string) => short.format(utc(day)),
      range: (start: string, end: string) => medium.formatRange(utc(start), utc(end)),
      /** An instant (ISO), in the reader's time zone. */
      time: (iso: string) => time.format(new Date(iso)),
    };
  }, [t, language]);
}
export type StandupFormat = ReturnType<typeof useStandupFormat>;

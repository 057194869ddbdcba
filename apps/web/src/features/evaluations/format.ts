import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Numbers and days in the reader's language ("3,5" and "26 nov 2026" in Spanish). */
export function useEvaluationFormat() {
  const { t, i18n } = useTranslation('evaluations');
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    const medium = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const time = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      number: (value: number) => number.format(round2(value)),
      /** An average, or a dash when there is none. */
      maybe: (value: number | null) => (value === null ? t('results.none') : number.format(round2(value))),
      /** A project day ('YYYY-MM-DD'): "Nov 26, 2026", "26 nov 2026". */
      day: (day: string) => medium.format(utc(day)),
      /** An instant (ISO), in the reader's time zone. */
      time: (iso: string) => time.format(new Date(iso)),
    };
  }, [t, language]);
}
export type EvaluationFormat = ReturnType<typeof useEvaluationFormat>;

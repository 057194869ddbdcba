import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/use-format';

/** Numbers and days in the reader's language ("3,5" and "26 nov 2026" in Spanish). */
export function useEvaluationFormat() {
  const { t } = useTranslation('evaluations');
  const format = useFormat();
  return useMemo(
    () => ({
      number: (value: number) => format.number(value),
      /** An average, or a dash when there is none. */
      maybe: (value: number | null) => (value === null ? t('results.none') : format.number(value)),
      /** A project day ('YYYY-MM-DD'): "Nov 26, 2026", "26 nov 2026". */
      day: (day: string) => format.date(day),
      /** An instant (ISO), in the reader's time zone. */
      time: (iso: string) => format.dateTime(iso),
    }),
    [t, format],
  );
}
export type EvaluationFormat = ReturnType<typeof useEvaluationFormat>;

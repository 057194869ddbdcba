import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Numbers, percentages and days in the reader's language (days are calendar days: read as UTC). */
export function useFairnessFormat() {
  const { i18n } = useTranslation('fairness');
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      number: (value: number) => number.format(value),
      percent: (value: number) => percent.format(value),
      day: (value: string) => day.format(new Date(`${value}T00:00:00Z`)),
    };
  }, [language]);
}

export type FairnessFormat = ReturnType<typeof useFairnessFormat>;

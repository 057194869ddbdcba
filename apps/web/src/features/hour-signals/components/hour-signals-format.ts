import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Numbers, days worked (calendar days: read as UTC) and the moments entries were typed in (in the
 * project's time zone, the one the signals counted days in), in the reader's language.
 */
export function useHourSignalsFormat(timeZone: string) {
  const { i18n } = useTranslation('hour-signals');
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const moment = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    const momentDay = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone });
    return {
      number: (value: number) => number.format(value),
      day: (value: string) => day.format(new Date(`${value}T00:00:00Z`)),
      moment: (value: string) => moment.format(new Date(value)),
      momentDay: (value: string) => momentDay.format(new Date(value)),
    };
  }, [language, timeZone]);
}

export type HourSignalsFormat = ReturnType<typeof useHourSignalsFormat>;

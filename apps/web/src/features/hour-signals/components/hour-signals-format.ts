import { useMemo } from 'react';
import { useFormat } from '../../../lib/use-format';

/**
 * Numbers, days worked (calendar days) and the moments entries were typed in (in the project's time
 * zone, the one the signals counted days in), in the reader's language.
 */
export function useHourSignalsFormat(timeZone: string) {
  const format = useFormat();
  return useMemo(
    () => ({
      number: format.number,
      day: (value: string) => format.date(value),
      moment: (value: string) => format.dateTime(value, { timeZone }),
      momentDay: (value: string) => format.date(value, 'medium', { timeZone }),
    }),
    [format, timeZone],
  );
}

export type HourSignalsFormat = ReturnType<typeof useHourSignalsFormat>;

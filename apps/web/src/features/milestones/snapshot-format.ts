import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/use-format';

/** Days, instants and hours of a snapshot in the reader's language ("2,5 h", "24 nov 2026" in Spanish). */
export function useSnapshotFormat() {
  const { t } = useTranslation('milestones');
  const format = useFormat();
  return useMemo(
    () => ({
      /** A calendar day `YYYY-MM-DD`. */
      day: (value: string) => format.date(value),
      /** An instant, in the reader's own time zone. */
      instant: (value: string) => format.dateTime(value),
      hours: (value: number) => t('snapshot.hours_value', { value: format.number(value) }),
    }),
    [t, format],
  );
}
export type SnapshotFormat = ReturnType<typeof useSnapshotFormat>;

/** Today `YYYY-MM-DD` in a time zone (the project's; null: this browser's, the best guess of the server's). */
export function todayIn(timeZone: string | null, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timeZone ?? undefined,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether a deadline day has ended in the zone: its snapshot is due (docs/api-milestone-snapshots.md). */
export function deadlinePassed(deadline: string, timeZone: string | null, now: Date = new Date()): boolean {
  return deadline < todayIn(timeZone, now);
}

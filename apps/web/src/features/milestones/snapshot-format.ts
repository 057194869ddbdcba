import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Days, instants and hours of a snapshot in the reader's language ("2,5 h", "24 nov 2026" in Spanish). */
export function useSnapshotFormat() {
  const { t, i18n } = useTranslation('milestones');
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const instant = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      /** A calendar day `YYYY-MM-DD`. */
      day: (value: string) => day.format(new Date(`${value}T00:00:00Z`)),
      /** An instant, in the reader's own time zone. */
      instant: (value: string) => instant.format(new Date(value)),
      hours: (value: number) => t('snapshot.hours_value', { value: number.format(round2(value)) }),
    };
  }, [t, language]);
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

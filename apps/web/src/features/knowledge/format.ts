import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** Days and averages in the reader's language ("26 nov 2026", "4,33" in Spanish). */
export function useKnowledgeFormat() {
  const { i18n } = useTranslation('knowledge');
  const language = i18n.language;
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const time = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    return {
      language,
      /** A calendar day (YYYY-MM-DD), e.g. "Nov 26, 2026". */
      day: (value: string) => day.format(utc(value)),
      /** An instant (ISO), in the reader's time zone. */
      time: (iso: string) => time.format(new Date(iso)),
      number: (value: number) => number.format(value),
    };
  }, [language]);
}

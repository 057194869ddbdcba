import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Calendar days and counts in the reader's language ("31 ago 2026", "1.234" in Spanish). */
export function useTemplateFormat() {
  const { i18n } = useTranslation('course-templates');
  const language = i18n.language;
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const number = new Intl.NumberFormat(language);
    return {
      /** A calendar day (YYYY-MM-DD), read as UTC so it never shifts by a day. */
      day: (value: string) => day.format(new Date(`${value}T00:00:00Z`)),
      number: (value: number) => number.format(value),
    };
  }, [language]);
}

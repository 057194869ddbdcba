import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Only http(s) addresses from a host become links: anything else (a local path, or a stored value
 * that never should have been accepted) must not turn into a `javascript:` link.
 */
export function isWebLink(url: string | null): url is string {
  return url !== null && /^https?:\/\//i.test(url);
}

/** Numbers and dates in the reader's language. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language);
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      number: (value: number) => number.format(value),
      date: (iso: string) => date.format(new Date(iso)),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
    };
  }, [language]);
}

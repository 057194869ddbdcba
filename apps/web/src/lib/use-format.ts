import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatFileSize,
  formatHours,
  formatNumber,
  formatPercent,
  formatTime,
  type DateStyle,
  type DateTimeOptions,
  type DateValue,
  type NumberOptions,
  type ZoneOption,
} from '@teamboard/i18n';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The shared formatters (packages/i18n/src/format) bound to the interface language. */
export function bindFormat(language: string) {
  return {
    language,
    /** "Dec 2, 2026" / "2 dic 2026"; 'long', 'short' and 'month' forms too. */
    date: (value: DateValue, style?: DateStyle, zone?: ZoneOption) =>
      formatDate(language, value, style, zone),
    dateRange: (start: string, end: string) => formatDateRange(language, start, end),
    dateTime: (value: DateValue, options?: DateTimeOptions) => formatDateTime(language, value, options),
    time: (value: DateValue, zone?: ZoneOption) => formatTime(language, value, zone),
    number: (value: number, options?: NumberOptions) => formatNumber(language, value, options),
    /** "2.5 h" / "2,5 h". */
    hours: (value: number) => formatHours(language, value),
    percent: (ratio: number, maximumFractionDigits?: number) =>
      formatPercent(language, ratio, maximumFractionDigits),
    fileSize: (bytes: number) => formatFileSize(language, bytes),
  };
}
export type Format = ReturnType<typeof bindFormat>;

/** Dates and numbers in the reader's language, re-rendered when the language changes. */
export function useFormat(): Format {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => bindFormat(language), [language]);
}

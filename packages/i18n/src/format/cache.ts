import { formatLanguage } from './language';

// Building an Intl object costs far more than using one, and a board renders hundreds of dates and
// numbers: one instance per (language, options), shared by every caller on the server and in the browser.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

const keyOf = (language: string, options: object) => `${formatLanguage(language)}|${JSON.stringify(options)}`;

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = keyOf(language, options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(formatLanguage(language), options);
    dateFormats.set(key, format);
  }
  return format;
}

export function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = keyOf(language, options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(formatLanguage(language), options);
    numberFormats.set(key, format);
  }
  return format;
}

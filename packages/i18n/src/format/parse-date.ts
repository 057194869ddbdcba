import { formatLanguage, type FormatLanguage } from './language';

/**
 * Reading a date as a person types it into a date field. Numbers are day first in both languages
 * (docs/date-input.md: the app's readers type D/M/YYYY, as SPEC §2 shows); a month written as a word is
 * read in the page's language, in either order ("2 dic 2026", "Dec 2, 2026"), so a field can read back
 * the day as it shows it (formatDate's medium style).
 */

/** Why a typed date was not taken: the text is not a date, or it names a day the calendar lacks. */
export type TypedDateProblem = 'unreadable' | 'no_such_day';

export type TypedDate = { iso: string; problem?: undefined } | { iso?: undefined; problem: TypedDateProblem };

const MONTH_NAMES: Record<FormatLanguage, string[][]> = {
  en: [
    ['january'],
    ['february'],
    ['march'],
    ['april'],
    ['may'],
    ['june'],
    ['july'],
    ['august'],
    ['september'],
    ['october'],
    ['november'],
    ['december'],
  ],
  // "setiembre" is how part of Latin America writes September.
  es: [
    ['enero'],
    ['febrero'],
    ['marzo'],
    ['abril'],
    ['mayo'],
    ['junio'],
    ['julio'],
    ['agosto'],
    ['septiembre', 'setiembre'],
    ['octubre'],
    ['noviembre'],
    ['diciembre'],
  ],
};

/** A month word must have at least this many letters: "ma" could be March or May. */
const MONTH_WORD_MIN = 3;

const NUMERIC_DAY_FIRST = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** Lower case without accents, so "Díc." and "dic" read alike. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

function monthOfWord(word: string, lang: FormatLanguage): number | null {
  if (word.length < MONTH_WORD_MIN) return null;
  const index = MONTH_NAMES[lang].findIndex((names) => names.some((name) => name.startsWith(word)));
  return index === -1 ? null : index + 1;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function checkedDay(year: number, month: number, day: number): TypedDate {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { problem: 'no_such_day' };
  const pad = (value: number) => String(value).padStart(2, '0');
  return { iso: `${year}-${pad(month)}-${pad(day)}` };
}

/** "2 de diciembre de 2026", "2 dic. 2026", "Dec 2, 2026", "December 2 2026": a day, a month word, a year. */
function readWithMonthWord(text: string, lang: FormatLanguage): TypedDate | null {
  const words = folded(text)
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && word !== 'de');
  if (words.length !== 3 || !/^\d{4}$/.test(words[2]!)) return null;
  const [first, second] = words as [string, string];
  const dayFirst = /^\d{1,2}$/.test(first);
  const month = monthOfWord(dayFirst ? second : first, lang);
  const day = dayFirst ? first : second;
  if (month === null || !/^\d{1,2}$/.test(day)) return null;
  return checkedDay(Number(words[2]), month, Number(day));
}

/** What a person typed into a date field, read in the page's language: the day, or why not. */
export function readTypedDate(text: string, lang: string): TypedDate {
  const trimmed = text.trim();
  const iso = ISO_DAY.exec(trimmed);
  if (iso) return checkedDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = NUMERIC_DAY_FIRST.exec(trimmed);
  if (numeric) return checkedDay(Number(numeric[4]), Number(numeric[3]), Number(numeric[1]));
  return readWithMonthWord(trimmed, formatLanguage(lang)) ?? { problem: 'unreadable' };
}

/** The typed text as 'YYYY-MM-DD', or null when it is not a day on the calendar. */
export function parseTypedDate(text: string, lang: string): string | null {
  return readTypedDate(text, lang).iso ?? null;
}

import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';
import { parseTypedDate, readTypedDate } from './parse-date';

describe('parseTypedDate', () => {
  it.each(['es', 'en'])('reads day-first numbers with and without leading zeros (%s)', (lang) => {
    for (const text of ['05/02/2027', '5/2/2027', '05-02-2027', '5.2.2027', ' 05/2/2027 ', '2027-02-05']) {
      expect(parseTypedDate(text, lang), text).toBe('2027-02-05');
    }
    expect(parseTypedDate('15/01/2027', lang)).toBe('2027-01-15');
    expect(parseTypedDate('10/01/2027', lang)).toBe('2027-01-10');
  });

  it('reads the month as a word in the page language, in either order', () => {
    for (const text of [
      '2 dic 2026',
      '2 dic. 2026',
      '2 de diciembre de 2026',
      'Diciembre 2, 2026',
      '2 DIC 2026',
    ]) {
      expect(parseTypedDate(text, 'es'), text).toBe('2026-12-02');
    }
    expect(parseTypedDate('2 setiembre 2026', 'es')).toBe('2026-09-02');
    for (const text of ['Dec 2, 2026', 'December 2 2026', '2 Dec 2026', 'dec. 2, 2026']) {
      expect(parseTypedDate(text, 'en'), text).toBe('2026-12-02');
    }
  });

  it('says why it refuses: a day the calendar lacks, or a text that is not a date', () => {
    expect(readTypedDate('31/02/2027', 'es')).toEqual({ problem: 'no_such_day' });
    expect(readTypedDate('29/02/2027', 'en')).toEqual({ problem: 'no_such_day' });
    expect(parseTypedDate('29/02/2028', 'en')).toBe('2028-02-29');
    expect(readTypedDate('02/31/2027', 'en')).toEqual({ problem: 'no_such_day' });
    for (const text of ['05/02/27', '05/02/202', '5 2027', 'ma 2 2026', 'tomorrow', '2 dic 2026 10:00']) {
      expect(readTypedDate(text, 'es'), text).toEqual({ problem: 'unreadable' });
    }
    // Month names are read in the page's language only.
    expect(readTypedDate('2 Dec 2026', 'es')).toEqual({ problem: 'unreadable' });
  });

  it.each(['es', 'en'])('reads back every month the field shows (%s)', (lang) => {
    for (let month = 1; month <= 12; month += 1) {
      const iso = `2026-${String(month).padStart(2, '0')}-02`;
      expect(parseTypedDate(formatDate(lang, iso), lang), iso).toBe(iso);
    }
  });
});

/// <reference types="node" />
// The zone test sets process.env.TZ: Node rereads it on the next Date/Intl call.
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatHours,
  formatLanguage,
  formatNumber,
  formatPercent,
  formatTime,
  sumHours,
} from './index';

// Intl separates some parts with no-break spaces (U+00A0, U+202F); the assertions read plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatLanguage', () => {
  it('reads regional tags and falls back to English', () => {
    expect(formatLanguage('es-CL')).toBe('es');
    expect(formatLanguage('ES')).toBe('es');
    expect(formatLanguage('en-GB')).toBe('en');
    expect(formatLanguage('fr')).toBe('en');
  });
});

describe('formatDate', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('shows the month as a word', () => {
    expect(formatDate('en', '2026-12-02')).toBe('Dec 2, 2026');
    expect(formatDate('es', '2026-12-02')).toBe('2 dic 2026');
    expect(formatDate('es-AR', '2026-12-02')).toBe('2 dic 2026');
  });

  it('has a long form with the weekday and a short form without the year', () => {
    expect(formatDate('en', '2026-12-02', 'long')).toBe('Wednesday, December 2, 2026');
    expect(formatDate('es', '2026-12-02', 'long')).toBe('miércoles, 2 de diciembre de 2026');
    expect(formatDate('en', '2026-12-02', 'short')).toBe('Dec 2');
    expect(formatDate('es', '2026-12-02', 'short')).toBe('2 dic');
    expect(formatDate('en', '2026-12-02', 'month')).toBe('Dec 2026');
    expect(formatDate('es', '2026-12-02', 'month')).toBe('dic 2026');
  });

  it('keeps a calendar day on its day in every time zone', () => {
    for (const timeZone of ['America/Santiago', 'Pacific/Honolulu', 'Pacific/Kiritimati', 'UTC']) {
      process.env.TZ = timeZone;
      expect(formatDate('en', '2026-12-02')).toBe('Dec 2, 2026');
      expect(formatDate('es', '2026-01-01', 'short')).toBe('1 ene');
    }
  });

  it('shows an instant in the zone asked for', () => {
    const instant = '2026-12-02T02:30:00Z';
    expect(formatDate('en', instant, 'medium', { timeZone: 'America/Santiago' })).toBe('Dec 1, 2026');
    expect(formatDate('es', instant, 'medium', { timeZone: 'UTC' })).toBe('2 dic 2026');
    expect(formatDate('en', new Date(instant), 'medium', { timeZone: 'UTC' })).toBe('Dec 2, 2026');
  });

  it('returns an unreadable value as it came', () => {
    expect(formatDate('en', 'not a date')).toBe('not a date');
  });
});

describe('formatDateTime and formatTime', () => {
  const instant = '2026-12-02T14:30:00Z';
  it('uses a 12-hour clock in English and a 24-hour clock in Spanish', () => {
    expect(plain(formatDateTime('en', instant, { timeZone: 'UTC' }))).toBe('Dec 2, 2026, 2:30 PM');
    expect(plain(formatDateTime('es', instant, { timeZone: 'UTC' }))).toBe('2 dic 2026, 14:30');
    expect(plain(formatTime('en', instant, { timeZone: 'UTC' }))).toBe('2:30 PM');
    expect(formatTime('es', instant, { timeZone: 'UTC' })).toBe('14:30');
  });
});

describe('numbers', () => {
  it('uses the decimal point in English and the decimal comma in Spanish', () => {
    expect(formatNumber('en', 1234.567)).toBe('1,234.57');
    expect(formatNumber('es', 12345.5)).toBe('12.345,5');
    expect(formatNumber('es', 2.5)).toBe('2,5');
    expect(formatNumber('en', 1 / 3, { maximumFractionDigits: 1 })).toBe('0.3');
    expect(formatNumber('en', 3, { signed: true })).toBe('+3');
    expect(formatNumber('es', 0, { signed: true })).toBe('0');
  });

  it('formats hours', () => {
    expect(formatHours('en', 2.5)).toBe('2.5 h');
    expect(formatHours('es', 2.5)).toBe('2,5 h');
    expect(formatHours('es', 0.1 + 0.2)).toBe('0,3 h');
    expect(formatHours('en', 8)).toBe('8 h');
  });

  it('formats percentages from a ratio', () => {
    expect(formatPercent('en', 0.125)).toBe('12.5%');
    expect(plain(formatPercent('es', 0.125))).toBe('12,5 %');
    expect(formatPercent('en', 0.5, 0)).toBe('50%');
  });

  it('formats file sizes in binary multiples', () => {
    expect(formatFileSize('en', 512)).toBe('512 B');
    expect(formatFileSize('en', 1536)).toBe('1.5 KB');
    expect(formatFileSize('en', 1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize('es', 1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatFileSize('es', 3 * 1024 ** 3)).toBe('3 GB');
  });
});

describe('sumHours', () => {
  it('sums in hundredths, without floating-point residue', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumHours([0.1, 0.2])).toBe(0.3);
    expect(sumHours([1.25, 0.1, 0.2, 3])).toBe(4.55);
    expect(sumHours([])).toBe(0);
  });
});

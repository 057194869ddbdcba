import { describe, expect, it } from 'vitest';
import { dayIn, localDays, startOfDay } from './zone-days.js';

describe('days in a time zone', () => {
  it('starts a day at the zone’s midnight, in UTC', () => {
    expect(startOfDay('2026-11-26', 'UTC')).toBe('2026-11-26T00:00:00.000Z');
    expect(startOfDay('2026-11-26', 'America/Bogota')).toBe('2026-11-26T05:00:00.000Z');
    expect(startOfDay('2026-11-26', 'Europe/Madrid')).toBe('2026-11-25T23:00:00.000Z');
    expect(startOfDay('2026-07-01', 'Europe/Madrid')).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfDay('2026-11-26', 'Asia/Kolkata')).toBe('2026-11-25T18:30:00.000Z');
  });

  it('makes daylight-saving days 23 and 25 hours long', () => {
    const [spring] = localDays('2026-03-29', '2026-03-29', 'Europe/Madrid');
    expect(spring).toEqual({
      day: '2026-03-29',
      from: '2026-03-28T23:00:00.000Z',
      before: '2026-03-29T22:00:00.000Z',
    });
    const [autumn] = localDays('2026-10-25', '2026-10-25', 'Europe/Madrid');
    expect(Date.parse(autumn!.before) - Date.parse(autumn!.from)).toBe(25 * 3_600_000);
  });

  it('chains each day to the next with no gap', () => {
    const days = localDays('2026-03-27', '2026-04-02', 'America/Santiago');
    expect(days.map((d) => d.day)).toEqual([
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
    ]);
    for (let i = 1; i < days.length; i++) expect(days[i]!.from).toBe(days[i - 1]!.before);
  });

  it('reads the day an instant falls on', () => {
    expect(dayIn('2026-11-26T03:00:00.000Z', 'America/Bogota')).toBe('2026-11-25');
    expect(dayIn('2026-11-26T03:00:00.000Z', 'UTC')).toBe('2026-11-26');
    expect(dayIn(new Date('2026-11-25T23:30:00.000Z'), 'Europe/Madrid')).toBe('2026-11-26');
  });

  it('ends a range on the last day JavaScript writes with four digits (a text comparison never did)', () => {
    const days = localDays('9999-12-30', '9999-12-31', 'Europe/Madrid');
    expect(days.map((d) => d.day)).toEqual(['9999-12-30', '9999-12-31']);
    expect(days[1]!.before).toBe('9999-12-31T23:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, eachDay, localToday, mondayOf } from './calendar.js';

describe('calendar days', () => {
  it('moves a day across months, years and a leap day, whatever the clock’s time zone', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 7)).toBe('2026-04-05'); // a daylight-saving week in Europe
    expect(addDays('2026-11-26', 0)).toBe('2026-11-26');
  });

  it('counts whole days between two days, negative backwards', () => {
    expect(daysBetween('2026-11-26', '2026-11-26')).toBe(0);
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-02', '2026-02-27')).toBe(-3);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });

  it('lists every day of a range, both ends included, and none when it ends before it starts', () => {
    expect(eachDay('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(eachDay('2026-11-26', '2026-11-26')).toEqual(['2026-11-26']);
    expect(eachDay('2026-11-27', '2026-11-26')).toEqual([]);
  });

  it('ends a range on the last day JavaScript writes with four digits (a text comparison never did)', () => {
    expect(addDays('9999-12-31', 1)).toBe('+010000-01-01');
    expect(eachDay('9999-12-30', '9999-12-31')).toEqual(['9999-12-30', '9999-12-31']);
  });

  it('names a week by its Monday', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // the Sunday ends that week
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // across a year
  });

  it('reads today from the clock’s own calendar, not from UTC', () => {
    const lateEvening = new Date(2026, 10, 26, 23, 30); // local time
    expect(localToday(lateEvening)).toBe('2026-11-26');
    expect(localToday(new Date(2027, 0, 5, 0, 5))).toBe('2027-01-05');
  });
});

import { describe, expect, it } from 'vitest';
import { parseStandupsUrl, standupsRangeProblem, standupsUrlParams } from './standups-url-state';

describe('the stand-ups URL state', () => {
  it('reads the tab, range and member, and writes them back without the defaults', () => {
    const state = parseStandupsUrl(
      new URLSearchParams('tab=analysis&start_date=2026-11-01&end_date=2026-11-26&user_id=12'),
    );
    expect(state).toEqual({
      tab: 'analysis',
      start_date: '2026-11-01',
      end_date: '2026-11-26',
      user_id: '12',
    });
    expect(standupsUrlParams(state).toString()).toBe(
      'tab=analysis&start_date=2026-11-01&end_date=2026-11-26&user_id=12',
    );
    expect(standupsUrlParams(parseStandupsUrl(new URLSearchParams(''))).toString()).toBe('');
  });

  it('falls back to the defaults for a malformed tab or member', () => {
    expect(parseStandupsUrl(new URLSearchParams('tab=nope&user_id=abc'))).toEqual({
      tab: 'reports',
      start_date: undefined,
      end_date: undefined,
      user_id: undefined,
    });
    expect(parseStandupsUrl(new URLSearchParams('user_id=0')).user_id).toBeUndefined();
  });

  it('checks the range: real days, in order, at most a year; days left out are the server’s', () => {
    expect(standupsRangeProblem(undefined, undefined)).toBeNull();
    expect(standupsRangeProblem('2026-11-01', undefined)).toBeNull();
    expect(standupsRangeProblem('2026-02-30', undefined)).toBe('RANGE_NOT_VALID');
    expect(standupsRangeProblem('2026-11-26', '2026-11-01')).toBe('RANGE_NOT_VALID');
    expect(standupsRangeProblem('2025-11-25', '2026-11-26')).toBe('RANGE_TOO_LONG_ONE_YEAR');
    expect(standupsRangeProblem('2025-11-26', '2026-11-26')).toBeNull();
  });
});

import type { CourseTeam } from '@teamboard/contract';
import { describe, expect, it } from 'vitest';
import { median, moodOf, mostCommon, outliersOf, placeTeam } from './course-signals.js';

type Facts = Omit<CourseTeam, 'outliers'>;

let nextId = 1;
function facts(overrides: Partial<Facts> = {}): Facts {
  return {
    project_id: nextId++,
    name: 'Team',
    is_private: false,
    role: null,
    course: { year: null, semester: '2026-2', section: 'A', group: null },
    placement: 'set',
    today: '2026-11-22',
    week_start: '2026-11-16',
    members: 5,
    hours_week: 10,
    tasks_closed_week: 4,
    commits_week: 5,
    merged_prs_week: 1,
    open_blockers: 0,
    mood: { standups: 4, average: 4, slope: 0, trend: 'flat' },
    last_activity: '2026-11-22',
    days_since_activity: 0,
    burndown: null,
    ...overrides,
  };
}

describe('course signals', () => {
  it('takes the median of an odd and an even count, and none of nothing', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([])).toBeNull();
  });

  it('places a team by its own fields, else by the most common profile value (ties: sort order)', () => {
    const own = { year: null, semester: null, section: 'C', group: null };
    expect(placeTeam(own, [])).toEqual({ course: own, placement: 'set' });
    const profiles = [
      { year: '2', semester: '2026-2', section: 'B', group: 'G2' },
      { year: '3', semester: '2026-2', section: 'A', group: 'G1' },
      { year: '3', semester: null, section: 'B', group: null },
    ];
    const none = { year: null, semester: null, section: null, group: null };
    expect(placeTeam(none, profiles)).toEqual({
      course: { year: '3', semester: '2026-2', section: 'B', group: 'G1' },
      placement: 'inferred',
    });
    expect(placeTeam(none, [none])).toEqual({ course: none, placement: 'none' });
    expect(mostCommon(['b', 'a', null, 'b', 'a'])).toBe('a');
  });

  it('reads the mood trend as a slope per week: up, down, flat, or none with one day', () => {
    expect(
      moodOf(
        [
          { day: '2026-11-09', standups: 1, feeling: 2 },
          { day: '2026-11-16', standups: 1, feeling: 4 },
        ],
        '2026-11-09',
      ),
    ).toEqual({ standups: 2, average: 3, slope: 2, trend: 'up' });
    expect(
      moodOf(
        [
          { day: '2026-11-09', standups: 2, feeling: 8 },
          { day: '2026-11-22', standups: 1, feeling: 4 },
        ],
        '2026-11-09',
      ).trend,
    ).toBe('flat');
    expect(moodOf([{ day: '2026-11-10', standups: 2, feeling: 7 }], '2026-11-09')).toEqual({
      standups: 2,
      average: 3.5,
      slope: null,
      trend: null,
    });
    expect(moodOf([], '2026-11-09')).toEqual({ standups: 0, average: null, slope: null, trend: null });
  });

  it('flags a silent team, a team never active and an overworked one; never a section of two', () => {
    const quiet = facts({ days_since_activity: 9, last_activity: '2026-11-13' });
    const never = facts({ days_since_activity: null, last_activity: null });
    const busy = facts({ hours_week: 25 });
    const section = [facts(), facts({ days_since_activity: 2 }), quiet, never, busy];
    const result = outliersOf(section);
    expect(result.get(quiet.project_id)).toEqual([
      { metric: 'days_since_activity', direction: 'high', value: 9, median: 1 },
    ]);
    expect(result.get(never.project_id)).toEqual([
      { metric: 'days_since_activity', direction: 'high', value: null, median: 1 },
    ]);
    expect(result.get(busy.project_id)).toEqual([
      { metric: 'hours_week', direction: 'high', value: 25, median: 10 },
    ]);

    const pair = [
      facts({ course: { ...section[0]!.course, section: 'B' } }),
      facts({ course: { ...section[0]!.course, section: 'B' }, hours_week: 0 }),
    ];
    expect([...outliersOf(pair).values()].flat()).toEqual([]);
    const unplaced = [1, 2, 3].map(() =>
      facts({ course: { year: null, semester: null, section: null, group: null }, hours_week: 0 }),
    );
    expect([...outliersOf([...unplaced, facts({ course: unplaced[0]!.course })]).values()].flat()).toEqual(
      [],
    );
  });

  it('compares blockers and burndown with a gap and twice the median', () => {
    const burn = (behind: number) => ({
      milestone_id: 1,
      name: 'S',
      start_date: '2026-11-16',
      deadline: '2026-11-29',
      sprint: true,
      scope: 10,
      remaining: 5,
      ideal_remaining: 5,
      behind,
    });
    const teams = [
      facts({ open_blockers: 0, burndown: burn(1) }),
      facts({ open_blockers: 0, burndown: burn(2) }),
      facts({ open_blockers: 3, burndown: burn(4) }), // blockers: 3 ≥ 0.5 + 2; burndown: 4 < 3 + 3
      facts({ open_blockers: 1, burndown: burn(9) }), // blockers: 1 < 2.5; burndown: 9 ≥ 3 + 3 and ≥ 2 × 3
    ];
    const result = outliersOf(teams);
    expect(result.get(teams[2]!.project_id)).toEqual([
      { metric: 'open_blockers', direction: 'high', value: 3, median: 0.5 },
    ]);
    expect(result.get(teams[3]!.project_id)).toEqual([
      { metric: 'burndown_behind', direction: 'high', value: 9, median: 3 },
    ]);
    expect(result.get(teams[0]!.project_id)).toEqual([]);
  });
});

import {
  COURSE_FIELDS,
  COURSE_MOOD_TREND_THRESHOLD,
  COURSE_OUTLIER_MIN_TEAMS,
  COURSE_OUTLIER_RULES,
  daysBetween,
  type CourseMoodTrend,
  type CourseOutlier,
  type CourseOutlierMetric,
  type CoursePlacement,
  type CourseTeam,
  type ProjectCourse,
} from '@teamboard/contract';

export function round2(value: number): number {
  return Math.round(value * 100) / 100 + 0; // `+ 0` turns -0 into 0
}

/** The most common value (ties: the first in sort order); null when there is none. */
export function mostCommon(values: (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values)
    if (value !== null && value !== '') counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: [string, number] | null = null;
  for (const entry of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (best === null || entry[1] > best[1]) best = entry;
  }
  return best?.[0] ?? null;
}

/**
 * A project's course placement: its own columns when any is set (a roster import or its owner
 * placed it), else each field's most common value among its owners' and members' profiles.
 */
export function placeTeam(
  own: ProjectCourse,
  profiles: ProjectCourse[],
): { course: ProjectCourse; placement: CoursePlacement } {
  if (COURSE_FIELDS.some((field) => own[field] !== null)) return { course: own, placement: 'set' };
  const course = Object.fromEntries(
    COURSE_FIELDS.map((field) => [field, mostCommon(profiles.map((profile) => profile[field]))]),
  ) as ProjectCourse;
  const found = COURSE_FIELDS.some((field) => course[field] !== null);
  return { course, placement: found ? 'inferred' : 'none' };
}

/** The median of the values (the mean of the two middle ones for an even count), 2 decimals. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return round2(sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** Stand-ups per day of the window: their count and the sum of their feeling. */
export interface MoodDayTotals {
  day: string;
  standups: number;
  feeling: number;
}

/**
 * The average mood of the window's stand-ups and the least-squares slope of mood against the day
 * (points per week), over every stand-up; no slope without stand-ups on two different days.
 */
export function moodOf(days: MoodDayTotals[], windowFrom: string): CourseTeam['mood'] {
  let n = 0;
  let sumX = 0;
  let sumXX = 0;
  let sumY = 0;
  let sumXY = 0;
  for (const { day, standups, feeling } of days) {
    const x = daysBetween(windowFrom, day);
    n += standups;
    sumX += standups * x;
    sumXX += standups * x * x;
    sumY += feeling;
    sumXY += x * feeling;
  }
  const denominator = n * sumXX - sumX * sumX;
  const slope = n >= 2 && denominator > 0 ? round2(((n * sumXY - sumX * sumY) / denominator) * 7) : null;
  return { standups: n, average: n > 0 ? round2(sumY / n) : null, slope, trend: trendOf(slope) };
}

function trendOf(slope: number | null): CourseMoodTrend | null {
  if (slope === null) return null;
  if (slope >= COURSE_MOOD_TREND_THRESHOLD) return 'up';
  if (slope <= -COURSE_MOOD_TREND_THRESHOLD) return 'down';
  return 'flat';
}

type TeamFacts = Omit<CourseTeam, 'outliers'>;

/** Each metric's value of a team; undefined: the team has none to compare (no repository…). */
const METRIC_VALUE: Record<CourseOutlierMetric, (team: TeamFacts) => number | null | undefined> = {
  hours_week: (team) => team.hours_week,
  tasks_closed_week: (team) => team.tasks_closed_week,
  commits_week: (team) => team.commits_week ?? undefined,
  open_blockers: (team) => team.open_blockers,
  burndown_behind: (team) => team.burndown?.behind,
  // null: never active.
  days_since_activity: (team) => team.days_since_activity,
  mood: (team) => team.mood.average ?? undefined,
};

type LowRule = { floor: number } | { gap: number };
interface HighRule {
  gap: number;
  floor?: number;
  ratio?: boolean;
}

function isLow(value: number, middle: number, rule: LowRule): boolean {
  if ('floor' in rule) return middle >= rule.floor && value <= middle / 2;
  return value <= middle - rule.gap;
}

function isHigh(value: number | null, middle: number, rule: HighRule): boolean {
  if (value === null) return true;
  if (rule.floor !== undefined && middle < rule.floor) return false;
  if (value < middle + rule.gap) return false;
  return rule.ratio === false || middle <= 0 || value >= 2 * middle;
}

/**
 * The outliers of each team against the median of its section's teams (the same semester and
 * section among the teams given: the caller's visible ones). Teams without a section, and sections
 * of fewer than COURSE_OUTLIER_MIN_TEAMS teams, get none.
 */
export function outliersOf(teams: TeamFacts[]): Map<number, CourseOutlier[]> {
  const sections = new Map<string, TeamFacts[]>();
  for (const team of teams) {
    if (team.course.section === null) continue;
    const key = JSON.stringify([team.course.semester, team.course.section]);
    sections.set(key, [...(sections.get(key) ?? []), team]);
  }
  const result = new Map<number, CourseOutlier[]>(teams.map((team) => [team.project_id, []]));
  for (const members of sections.values()) {
    if (members.length < COURSE_OUTLIER_MIN_TEAMS) continue;
    for (const metric of Object.keys(COURSE_OUTLIER_RULES) as CourseOutlierMetric[]) {
      const rule: { low?: LowRule; high?: HighRule } = COURSE_OUTLIER_RULES[metric];
      const values = members.map((team) => METRIC_VALUE[metric](team));
      // The median reads the numbers only; a team never active (null) is flagged as the longest silence.
      const middle = median(values.filter((value): value is number => typeof value === 'number'));
      if (middle === null) continue;
      members.forEach((team, index) => {
        const value = values[index];
        if (value === undefined) return;
        if (rule.low && value !== null && isLow(value, middle, rule.low)) {
          result.get(team.project_id)!.push({ metric, direction: 'low', value, median: middle });
        } else if (rule.high && isHigh(value, middle, rule.high)) {
          result.get(team.project_id)!.push({ metric, direction: 'high', value, median: middle });
        }
      });
    }
  }
  return result;
}

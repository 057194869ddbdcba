import { z } from 'zod';
import { SHORT_TEXT_MAX_LENGTH } from './constants.js';
import { ProjectRoleSchema } from './permissions.js';
import { ProjectCourseSchema } from './projects.js';

/**
 * The course overview (docs/api-course-overview.md): every team a teacher or admin may see, one row
 * each, with this week's health signals and the outliers against the team's section median.
 */

/** The stand-up mood (feeling) window: the last 14 days up to today, both ends counted. */
export const COURSE_MOOD_WINDOW_DAYS = 14;
/** A mood slope (points per week) at least this steep is a trend up or down; flatter is flat. */
export const COURSE_MOOD_TREND_THRESHOLD = 0.25;
/** A section with fewer teams than this has no outliers: its median says too little. */
export const COURSE_OUTLIER_MIN_TEAMS = 3;

/** How a team's course placement was found. */
export const COURSE_PLACEMENTS = ['set', 'inferred', 'none'] as const;
export type CoursePlacement = (typeof COURSE_PLACEMENTS)[number];

export const COURSE_MOOD_TRENDS = ['up', 'down', 'flat'] as const;
export type CourseMoodTrend = (typeof COURSE_MOOD_TRENDS)[number];

/**
 * The metrics a team can stand out on, and the rule each follows against its section median
 * (docs/api-course-overview.md, Outliers):
 * - `low`: flagged when the median is at least `floor` and the value at most half of it;
 * - `high`: flagged when the value is at least the median plus `gap` and, with a median above 0,
 *   at least twice it; `ratio: false` drops the second condition;
 * - `hours_week` is flagged both ways (too little, and more than twice the median: overwork).
 */
export const COURSE_OUTLIER_RULES = {
  hours_week: { low: { floor: 2 }, high: { gap: 0, floor: 2 } },
  tasks_closed_week: { low: { floor: 2 } },
  commits_week: { low: { floor: 2 } },
  open_blockers: { high: { gap: 2 } },
  /** Tasks behind the ideal burndown today (remaining − ideal). */
  burndown_behind: { high: { gap: 3 } },
  days_since_activity: { high: { gap: 7, ratio: false } },
  /** The average mood (1–5) of the last two weeks' stand-ups: flagged a whole point under the median. */
  mood: { low: { gap: 1 } },
} as const;
export const COURSE_OUTLIER_METRICS = Object.keys(
  COURSE_OUTLIER_RULES,
) as (keyof typeof COURSE_OUTLIER_RULES)[];
export type CourseOutlierMetric = keyof typeof COURSE_OUTLIER_RULES;

export const CourseOutlierSchema = z.object({
  metric: z.enum(COURSE_OUTLIER_METRICS as [CourseOutlierMetric, ...CourseOutlierMetric[]]),
  direction: z.enum(['low', 'high']),
  /** The team's value; null for `days_since_activity` when the team has never been active. */
  value: z.number().nullable(),
  /** The median of its section's teams (those with a value). */
  median: z.number(),
});
export type CourseOutlier = z.infer<typeof CourseOutlierSchema>;

export const CourseBurndownSchema = z.object({
  milestone_id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  deadline: z.string(),
  sprint: z.boolean(),
  /** Tasks in the milestone at the end of today, and of those not completed. */
  scope: z.number().int(),
  remaining: z.number().int(),
  /** The burndown report's ideal line today: the first day's scope down to 0 on the deadline. */
  ideal_remaining: z.number(),
  /** `remaining − ideal_remaining`: above 0, behind the ideal. */
  behind: z.number(),
});
export type CourseBurndown = z.infer<typeof CourseBurndownSchema>;

export const CourseTeamSchema = z.object({
  project_id: z.number().int(),
  name: z.string(),
  is_private: z.boolean(),
  /** The caller's role in it; null: a public project they are not a member of. */
  role: ProjectRoleSchema.nullable(),
  /** Its place in the course: as set on the project, else inferred from its members' profiles. */
  course: ProjectCourseSchema,
  placement: z.enum(COURSE_PLACEMENTS),
  /** Today and this week's Monday in the project's time zone. */
  today: z.string(),
  week_start: z.string(),
  /** Owners and members (viewers, often the teaching staff, are not counted). */
  members: z.number().int(),
  hours_week: z.number(),
  tasks_closed_week: z.number().int(),
  /** null: the project has no linked repository (not available, not zero). */
  commits_week: z.number().int().nullable(),
  merged_prs_week: z.number().int().nullable(),
  /** Open tasks (not completed, not archived) marked with a roadblock. */
  open_blockers: z.number().int(),
  /** Stand-ups of the last 14 days: how many, their average mood (feeling, 1–5) and its trend. */
  mood: z.object({
    standups: z.number().int(),
    average: z.number().nullable(),
    /** Least-squares slope of mood, points per week; null with fewer than 2 stand-up days. */
    slope: z.number().nullable(),
    trend: z.enum(COURSE_MOOD_TRENDS).nullable(),
  }),
  /** The last day with any activity (project time zone); null: none ever. */
  last_activity: z.string().nullable(),
  days_since_activity: z.number().int().nullable(),
  /** The current milestone's burndown today; null: no milestone runs today. */
  burndown: CourseBurndownSchema.nullable(),
  outliers: z.array(CourseOutlierSchema),
});
export type CourseTeam = z.infer<typeof CourseTeamSchema>;

/** The columns the overview sorts by (`name` by default). */
export const COURSE_SORT_KEYS = [
  'name',
  'placement',
  'members',
  'hours_week',
  'tasks_closed_week',
  'commits_week',
  'merged_prs_week',
  'open_blockers',
  'mood',
  'days_since_activity',
  'burndown',
  'outliers',
] as const;
export type CourseSortKey = (typeof COURSE_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

const FilterSchema = z.string().trim().min(1, 'FIELD_NOT_VALID').max(SHORT_TEXT_MAX_LENGTH, 'TEXT_TOO_LONG');

/** GET /api/dashboard/course_overview (and its .csv): filters (exact values) and the order. */
export const CourseOverviewQuerySchema = z.object({
  year: FilterSchema.optional(),
  semester: FilterSchema.optional(),
  section: FilterSchema.optional(),
  group: FilterSchema.optional(),
  sort: z.enum(COURSE_SORT_KEYS, 'FIELD_NOT_VALID').optional(),
  direction: z.enum(['asc', 'desc'], 'FIELD_NOT_VALID').optional(),
});
export type CourseOverviewQuery = z.infer<typeof CourseOverviewQuerySchema>;

export const CourseOverviewSchema = z.object({
  /** Every value present among the visible teams (before filtering), sorted: the filter choices. */
  filters: z.object({
    years: z.array(z.string()),
    semesters: z.array(z.string()),
    sections: z.array(z.string()),
    groups: z.array(z.string()),
  }),
  /** The visible teams before filtering. */
  total_teams: z.number().int(),
  /** The teams that pass the filters, in the order asked for. */
  teams: z.array(CourseTeamSchema),
});
export type CourseOverview = z.infer<typeof CourseOverviewSchema>;
export const CourseOverviewResponseSchema = z.object({ data: CourseOverviewSchema });

type SortValue = string | number | null;

/** What a column sorts by, most significant first; a null sorts last in both directions. */
function sortValues(team: CourseTeam, key: CourseSortKey): SortValue[] {
  switch (key) {
    case 'name':
      return [team.name];
    case 'placement': {
      const { year, semester, section, group } = team.course;
      return [semester, year, section, group];
    }
    case 'mood':
      return [team.mood.slope];
    case 'burndown':
      return [team.burndown?.behind ?? null];
    case 'outliers':
      return [team.outliers.length];
    default:
      return [team[key]];
  }
}

function compareValues(x: SortValue, y: SortValue, sign: number): number {
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
  return String(x).localeCompare(String(y), undefined, { numeric: true, sensitivity: 'base' }) * sign;
}

/**
 * The teams in the order of a column (nulls last either way), ties by name then id: the server's
 * answers and the web table sort the same way.
 */
export function sortCourseTeams(
  teams: readonly CourseTeam[],
  key: CourseSortKey = 'name',
  direction: SortDirection = 'asc',
): CourseTeam[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...teams].sort((a, b) => {
    const x = sortValues(a, key);
    const y = sortValues(b, key);
    for (let i = 0; i < x.length; i += 1) {
      const order = compareValues(x[i] ?? null, y[i] ?? null, sign);
      if (order !== 0) return order;
    }
    return compareValues(a.name, b.name, 1) || a.project_id - b.project_id;
  });
}

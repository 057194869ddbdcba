import {
  csvOptionsFor,
  toCsv,
  type CourseOutlier,
  type CourseTeam,
  type Language,
} from '@teamboard/contract';
import { formatNumber, translate } from '@teamboard/i18n/server';

type Cell = string | number | null;

const NS = 'course-overview';

/** One outlier in words, in `language`, its numbers with that language's decimal mark like the number cells. */
export function outlierText(language: Language, outlier: CourseOutlier): string {
  if (outlier.metric === 'days_since_activity' && outlier.value === null)
    return translate(language, `${NS}:outlier.days_since_activity.never`, {
      median: formatNumber(language, outlier.median),
    });
  return translate(language, `${NS}:outlier.${outlier.metric}.${outlier.direction}`, {
    value: outlier.value === null ? '' : formatNumber(language, outlier.value),
    median: formatNumber(language, outlier.median),
  });
}

const COLUMNS: { key: string; value: (team: CourseTeam, language: Language) => Cell }[] = [
  { key: 'team', value: (team) => team.name },
  { key: 'year', value: (team) => team.course.year },
  { key: 'semester', value: (team) => team.course.semester },
  { key: 'section', value: (team) => team.course.section },
  { key: 'group', value: (team) => team.course.group },
  { key: 'placement', value: (team, language) => translate(language, `${NS}:placement.${team.placement}`) },
  { key: 'members', value: (team) => team.members },
  { key: 'hours_week', value: (team) => team.hours_week },
  { key: 'tasks_closed_week', value: (team) => team.tasks_closed_week },
  { key: 'commits_week', value: (team) => team.commits_week },
  { key: 'merged_prs_week', value: (team) => team.merged_prs_week },
  { key: 'open_blockers', value: (team) => team.open_blockers },
  { key: 'mood_average', value: (team) => team.mood.average },
  {
    key: 'mood_trend',
    value: (team, language) =>
      team.mood.trend ? translate(language, `${NS}:mood.${team.mood.trend}`) : null,
  },
  { key: 'days_since_activity', value: (team) => team.days_since_activity },
  { key: 'milestone', value: (team) => team.burndown?.name ?? null },
  { key: 'remaining', value: (team) => team.burndown?.remaining ?? null },
  { key: 'ideal_remaining', value: (team) => team.burndown?.ideal_remaining ?? null },
  {
    key: 'outliers',
    value: (team, language) =>
      team.outliers.map((outlier) => outlierText(language, outlier)).join('; ') || null,
  },
];

/**
 * The rows shown as a CSV file (the one writer, contract csv.ts): a localized header, UTF-8 with a BOM,
 * `;` and decimal commas for a Spanish reader (csvOptionsFor).
 */
export function courseOverviewCsv(teams: CourseTeam[], language: Language): string {
  const header = COLUMNS.map((column) => translate(language, `${NS}:csv.${column.key}`));
  const rows = teams.map((team) => COLUMNS.map((column) => column.value(team, language)));
  return toCsv(header, rows, csvOptionsFor(language));
}

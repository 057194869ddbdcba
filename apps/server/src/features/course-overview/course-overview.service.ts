import {
  accountCan,
  addDays,
  COURSE_FIELDS,
  COURSE_MOOD_WINDOW_DAYS,
  daysBetween,
  mondayOf,
  sortCourseTeams,
  type CourseBurndown,
  type CourseOverview,
  type CourseOverviewQuery,
  type CourseTeam,
  type ProjectCourse,
} from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { dayIn, reportTimeZone, startOfDay } from '../../lib/zone-days.js';
import type { UserRow } from '../../users/users.js';
import * as facts from './course-overview.repository.js';
import { moodOf, outliersOf, placeTeam, round2, type MoodDayTotals } from './course-signals.js';

/** Today, this week and the mood window of a project, in its time zone. */
function windowOf(projectId: number, now: Date, timeZone: string): facts.ProjectWindow {
  const today = dayIn(now, timeZone);
  const weekFrom = mondayOf(today);
  return {
    projectId,
    today,
    weekFrom,
    moodFrom: addDays(today, -(COURSE_MOOD_WINDOW_DAYS - 1)),
    weekFromAt: startOfDay(weekFrom, timeZone),
    beforeAt: startOfDay(addDays(today, 1), timeZone),
  };
}

/** The milestone a team's burndown follows today: a running sprint first, then the nearest deadline. */
function currentMilestone(running: facts.RunningMilestone[]): facts.RunningMilestone | undefined {
  return [...running].sort(
    (a, b) =>
      b.sprint - a.sprint ||
      a.deadline.localeCompare(b.deadline) ||
      b.start_date.localeCompare(a.start_date) ||
      a.id - b.id,
  )[0];
}

/** Remaining tasks today against the burndown report's ideal line (first day's scope to 0 on the deadline). */
function burndownOf(
  milestone: facts.RunningMilestone,
  totals: facts.BurnTotals | undefined,
  today: string,
): CourseBurndown {
  const { firstScope = 0, scope = 0, completed = 0 } = totals ?? {};
  const dayIndex = daysBetween(milestone.start_date, today);
  const deadlineIndex = daysBetween(milestone.start_date, milestone.deadline);
  const ideal = dayIndex >= deadlineIndex ? 0 : round2(firstScope - (firstScope * dayIndex) / deadlineIndex);
  const remaining = scope - completed;
  return {
    milestone_id: milestone.id,
    name: milestone.name,
    start_date: milestone.start_date,
    deadline: milestone.deadline,
    sprint: milestone.sprint === 1,
    scope,
    remaining,
    ideal_remaining: ideal,
    behind: round2(remaining - ideal),
  };
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const latest = (values: (string | null | undefined)[]): string | null =>
  values.reduce<string | null>(
    (best, value) => (value && (best === null || value > best) ? value : best),
    null,
  );

/**
 * Every team the user may see (public projects, and those they are a member of), with this week's
 * facts and their outliers: a fixed number of queries, each over all of them at once.
 */
async function allTeams(db: Db, clock: Clock, userId: number): Promise<CourseTeam[]> {
  const projects = await facts.visibleProjects(db, userId);
  if (projects.length === 0) return [];
  const now = clock.now();
  const zones = new Map(projects.map((project) => [project.id, reportTimeZone(project)]));
  const windows = projects.map((project) => windowOf(project.id, now, zones.get(project.id)!));
  const ids = projects.map((project) => project.id);
  const [people, hours, tasks, code, moodDays, other, running] = await Promise.all([
    facts.teamPeople(db, ids),
    facts.weekHours(db, windows),
    facts.taskFacts(db, windows),
    facts.codeFacts(db, windows),
    facts.moodDays(db, windows),
    facts.otherActivity(db, windows),
    facts.runningMilestones(db, windows),
  ]);
  const windowOfProject = new Map(windows.map((w) => [w.projectId, w]));
  const milestones = new Map<number, facts.RunningMilestone>();
  for (const [projectId, list] of groupBy(running, (m) => m.project_id))
    milestones.set(projectId, currentMilestone(list)!);
  const burns = await facts.burnTotals(
    db,
    [...milestones.values()].map((m) => {
      const zone = zones.get(m.project_id)!;
      return {
        milestoneId: m.id,
        firstBefore: startOfDay(addDays(m.start_date, 1), zone),
        todayBefore: windowOfProject.get(m.project_id)!.beforeAt,
      };
    }),
  );
  const peopleOf = groupBy(people, (person) => person.project_id);
  const moodOfProject = groupBy(moodDays, (day) => day.project_id);

  const teams = projects.map((project): Omit<CourseTeam, 'outliers'> => {
    const window = windowOfProject.get(project.id)!;
    const zone = zones.get(project.id)!;
    const own: ProjectCourse = {
      year: project.course_year,
      semester: project.course_semester,
      section: project.course_section,
      group: project.course_group,
    };
    const members = peopleOf.get(project.id) ?? [];
    const profiles = members.map((person) => ({
      ...person,
      year: person.year === null ? null : String(person.year),
    }));
    const task = tasks.get(project.id);
    const repository = code.get(project.id);
    const activity = other.get(project.id);
    const lastActivity = latest([
      activity?.hoursDay,
      activity?.standupDay,
      task?.lastChangeAt && dayIn(task.lastChangeAt, zone),
      activity?.commentAt && dayIn(activity.commentAt, zone),
      repository?.lastCommitAt && dayIn(repository.lastCommitAt, zone),
    ]);
    const milestone = milestones.get(project.id);
    return {
      project_id: project.id,
      name: project.name,
      is_private: project.is_private === 1,
      role: project.role,
      ...placeTeam(own, profiles),
      today: window.today,
      week_start: window.weekFrom,
      members: members.length,
      hours_week: round2(hours.get(project.id) ?? 0),
      tasks_closed_week: task?.closedWeek ?? 0,
      commits_week: repository ? repository.commitsWeek : null,
      merged_prs_week: repository ? repository.mergedWeek : null,
      open_blockers: task?.openBlockers ?? 0,
      mood: moodOf((moodOfProject.get(project.id) ?? []) as MoodDayTotals[], window.moodFrom),
      last_activity: lastActivity,
      days_since_activity: lastActivity === null ? null : daysBetween(lastActivity, window.today),
      burndown: milestone ? burndownOf(milestone, burns.get(milestone.id), window.today) : null,
    };
  });
  const outliers = outliersOf(teams);
  return teams.map((team) => ({ ...team, outliers: outliers.get(team.project_id) ?? [] }));
}

function distinctValues(teams: CourseTeam[], field: keyof ProjectCourse): string[] {
  const values = new Set(teams.map((team) => team.course[field]).filter((value) => value !== null));
  return [...values].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}

/**
 * GET /api/dashboard/course_overview: the visible teams that pass the filters, in the order asked
 * for, with the filter choices of every visible team. Medians and outliers are computed over every
 * visible team before filtering, so a filter never changes a team's flags.
 */
export async function courseOverview(
  db: Db,
  clock: Clock,
  user: Pick<UserRow, 'id' | 'account_type'>,
  query: CourseOverviewQuery,
): Promise<CourseOverview> {
  // The route's 'staff' policy already refused anyone else; the matrix row is the rule's source.
  if (!accountCan(user.account_type, 'course_overview.view')) throw new AppError('FORBIDDEN');
  const teams = await allTeams(db, clock, user.id);
  const shown = teams.filter((team) =>
    COURSE_FIELDS.every((field) => query[field] === undefined || team.course[field] === query[field]),
  );
  return {
    filters: {
      years: distinctValues(teams, 'year'),
      semesters: distinctValues(teams, 'semester'),
      sections: distinctValues(teams, 'section'),
      groups: distinctValues(teams, 'group'),
    },
    total_teams: teams.length,
    teams: sortCourseTeams(shown, query.sort, query.direction),
  };
}

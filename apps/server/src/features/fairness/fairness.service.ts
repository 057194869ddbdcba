import {
  FAIRNESS_DEFAULT_DAYS,
  FAIRNESS_OUTPUT_WINDOW_DAYS,
  type Fairness,
  type FairnessMember,
  type FairnessQuery,
  rangeError,
  type ErrorCode,
} from '@teamboard/contract';
import type { ProjectAccess } from '../../access/project-access.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import { addDays, dayIn, localDays, reportTimeZone } from '../reports/reports.service.js';
import * as facts from './fairness.repository.js';
import { fairnessFlags, gini, round2, shareOf, type OutputWindow } from './fairness-signals.js';

/** Providers whose pull requests carry reviews (plain git has none). */
const REVIEWING_PROVIDERS = new Set(['github', 'gitlab']);

/** The first instant of a day in the zone, as reports count it (UTC ISO text). */
function startOfDay(day: string, timeZone: string): string {
  return localDays(day, day, timeZone)[0]!.from;
}

/** The period asked for, or the last 28 days up to today in the project's time zone. */
function periodOf(query: FairnessQuery, timeZone: string, now: Date): facts.Bounds {
  const toDay = query.to ?? dayIn(now, timeZone);
  const fromDay = query.from ?? addDays(toDay, -(FAIRNESS_DEFAULT_DAYS - 1));
  const problem = rangeError(fromDay, toDay);
  if (problem) throw new AppError(problem as ErrorCode);
  return {
    fromDay,
    toDay,
    from: startOfDay(fromDay, timeZone),
    before: startOfDay(addDays(toDay, 1), timeZone),
  };
}

/** Owners and staff (a teacher or admin viewing a public project) see every peer score; others only their own. */
function seesAllPeerScores(access: ProjectAccess): boolean {
  return access.role === 'owner' || access.role === null;
}

/**
 * The fairness page of a project (docs/api-fairness.md): per current member the facts of the period,
 * their shares of the team's total, the Gini index of closed work and hours, and the flags.
 */
export async function projectFairness(
  db: Db,
  clock: Clock,
  access: ProjectAccess,
  viewerId: number,
  query: FairnessQuery,
): Promise<Fairness> {
  const projectId = access.project.id;
  const timeZone = reportTimeZone(access.project);
  const period = periodOf(query, timeZone, clock.now());
  const windowFromDay =
    period.fromDay > addDays(period.toDay, -(FAIRNESS_OUTPUT_WINDOW_DAYS - 1))
      ? period.fromDay
      : addDays(period.toDay, -(FAIRNESS_OUTPUT_WINDOW_DAYS - 1));
  const windowFrom = startOfDay(windowFromDay, timeZone);
  const [team, hours, closed, commits, providers, reviewerLists, standups, comments, latest, ratings] =
    await Promise.all([
      facts.teamMembers(db, projectId),
      facts.hoursByDay(db, projectId, period),
      facts.closedTasks(db, projectId, period),
      facts.commitCounts(db, projectId, period, windowFrom),
      facts.repositoryProviders(db, projectId),
      facts.pullRequestReviewers(db, projectId, period),
      facts.standupCounts(db, projectId, period),
      facts.commentCounts(db, projectId, period),
      facts.latestActivity(db, projectId, period),
      facts.peerRatings(db, projectId, period),
    ]);
  const memberIds = new Set(team.map((member) => member.user_id));
  const credit = creditClosedTasks(closed, memberIds, windowFrom);
  const hasCode = providers.length > 0;
  const hasReviews = providers.some((provider) => REVIEWING_PROVIDERS.has(provider));
  const reviews = countReviews(reviewerLists, team, period);
  const lastDays = latestDays(latest, timeZone);
  const seesAll = seesAllPeerScores(access);
  const window: OutputWindow = {
    from: windowFromDay,
    to: period.toDay,
    hoursByMember: new Map(),
    tasksClosedByMember: credit.inWindow,
    commitsByMember: new Map(commits.map((row) => [row.user_id, row.in_window])),
  };
  const hoursOf = new Map<number, number>();
  for (const row of hours) {
    hoursOf.set(row.user_id, (hoursOf.get(row.user_id) ?? 0) + row.hours);
    if (row.date < windowFromDay || row.hours <= 0) continue;
    const logged = window.hoursByMember.get(row.user_id) ?? { hours: 0, days: [] };
    logged.hours += row.hours;
    logged.days.push(row.date);
    window.hoursByMember.set(row.user_id, logged);
  }
  const countOf = (rows: { user_id: number; count: number }[]) =>
    new Map(rows.map((row) => [row.user_id, row.count]));
  const standupsOf = countOf(standups);
  const commentsOf = countOf(comments);
  const commitsOf = new Map(commits.map((row) => [row.user_id, row.commits]));
  const ratingsOf = new Map(ratings.map((row) => [row.user_id, row]));

  const raw = team.map((member) => {
    const rating = ratingsOf.get(member.user_id);
    const visible = seesAll || member.user_id === viewerId;
    return {
      user_id: member.user_id,
      name: member.name,
      role: member.role,
      hours: round2(hoursOf.get(member.user_id) ?? 0),
      tasks_closed: round2(credit.inPeriod.get(member.user_id) ?? 0),
      commits: hasCode ? (commitsOf.get(member.user_id) ?? 0) : null,
      reviews: hasReviews ? (reviews.get(member.user_id) ?? 0) : null,
      standups: standupsOf.get(member.user_id) ?? 0,
      comments: commentsOf.get(member.user_id) ?? 0,
      last_activity: lastDays.get(member.user_id) ?? null,
      peer_score: visible && rating ? round2(rating.total / rating.ratings) : null,
      peer_ratings: visible && rating ? rating.ratings : 0,
      peer_score_hidden: !visible,
    };
  });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const totals = {
    hours: round2(sum(raw.map((m) => m.hours))),
    tasks_closed: round2(sum(raw.map((m) => m.tasks_closed))),
    tasks_closed_uncredited: credit.uncredited,
    commits: hasCode ? sum(raw.map((m) => m.commits ?? 0)) : null,
    reviews: hasReviews ? sum(raw.map((m) => m.reviews ?? 0)) : null,
    standups: sum(raw.map((m) => m.standups)),
    comments: sum(raw.map((m) => m.comments)),
  };
  const members: FairnessMember[] = raw.map((m) => ({
    ...m,
    hours_share: shareOf(m.hours, totals.hours),
    tasks_closed_share: shareOf(m.tasks_closed, totals.tasks_closed),
    commits_share: shareOf(m.commits, totals.commits),
    reviews_share: shareOf(m.reviews, totals.reviews),
  }));
  return {
    from: period.fromDay,
    to: period.toDay,
    time_zone: timeZone,
    members,
    totals,
    imbalance: {
      closed_work: gini(members.map((m) => m.tasks_closed)),
      hours: gini(members.map((m) => m.hours)),
    },
    flags: fairnessFlags(members, window, period.toDay),
  };
}

/**
 * Each closed task is one unit of work split equally among its current assignees (a task done by
 * two counts half for each); a task none of whose assignees is a member now is credited to nobody.
 */
function creditClosedTasks(
  rows: { id: number; completed_at: string; user_id: number | null }[],
  memberIds: Set<number>,
  windowFrom: string,
) {
  const tasks = new Map<number, { completed_at: string; assignees: number[] }>();
  for (const row of rows) {
    const task = tasks.get(row.id) ?? { completed_at: row.completed_at, assignees: [] };
    if (row.user_id !== null && memberIds.has(row.user_id)) task.assignees.push(row.user_id);
    tasks.set(row.id, task);
  }
  const inPeriod = new Map<number, number>();
  const inWindow = new Map<number, number>();
  let uncredited = 0;
  for (const task of tasks.values()) {
    if (task.assignees.length === 0) uncredited += 1;
    for (const userId of task.assignees) {
      const part = 1 / task.assignees.length;
      inPeriod.set(userId, (inPeriod.get(userId) ?? 0) + part);
      if (task.completed_at >= windowFrom) inWindow.set(userId, (inWindow.get(userId) ?? 0) + part);
    }
  }
  return { inPeriod, inWindow, uncredited };
}

/** Reviews submitted in the period, per member whose GitHub or GitLab name is the reviewer's login. */
function countReviews(lists: string[], team: facts.TeamMember[], period: facts.Bounds): Map<number, number> {
  const byLogin = new Map<string, number>();
  for (const member of team) {
    for (const handle of [member.gitname, member.labname])
      if (handle) byLogin.set(handle.toLowerCase(), member.user_id);
  }
  const counts = new Map<number, number>();
  for (const list of lists) {
    for (const review of JSON.parse(list) as { login: string; submitted_at: string | null }[]) {
      const at = review.submitted_at;
      const userId = byLogin.get(review.login.toLowerCase());
      if (userId === undefined || at === null || at < period.from || at >= period.before) continue;
      counts.set(userId, (counts.get(userId) ?? 0) + 1);
    }
  }
  return counts;
}

/** The latest of each member's activities as a day in the project's time zone. */
function latestDays(rows: { user_id: number; kind: string; at: string | null }[], timeZone: string) {
  const days = new Map<number, string>();
  for (const row of rows) {
    if (row.at === null) continue;
    const day = row.kind === 'day' ? String(row.at) : dayIn(String(row.at), timeZone);
    const known = days.get(row.user_id);
    if (known === undefined || day > known) days.set(row.user_id, day);
  }
  return days;
}

import {
  addDays,
  FAIRNESS_DEFAULT_DAYS,
  FAIRNESS_OUTPUT_WINDOW_DAYS,
  type Fairness,
  type FairnessMember,
  type FairnessQuery,
  rangeError,
  type ErrorCode,
} from '@teamboard/contract';
import type { ProjectAccess } from '../../access/project-access.js';
import {
  latestActivity,
  memberFacts,
  type Contributor,
  type LatestActivity,
} from '../../board-content/board-content.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import { round2 } from '../../lib/numbers.js';
import { dayIn, localDays, reportTimeZone } from '../../lib/zone-days.js';
import type { UserRow } from '../../users/users.js';
import {
  isTeachingStaff,
  ratedScope,
  visiblePeerRatings,
} from '../evaluations/evaluation-ratings.service.js';
import * as facts from './fairness.repository.js';
import { fairnessFlags, gini, shareOf, type OutputWindow } from './fairness-signals.js';

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

/**
 * The fairness page of a project (docs/api-fairness.md): per current member the facts of the period,
 * their shares of the team's total, the Gini index of closed work and hours, and the flags.
 */
export async function projectFairness(
  db: Db,
  clock: Clock,
  access: ProjectAccess,
  viewerUser: UserRow,
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
  // Peer ratings as the one rule lets this viewer see them (evaluations/rating-visibility.ts).
  const viewer = { user_id: viewerUser.id, account_type: viewerUser.account_type, role: access.role };
  const today = dayIn(clock.now(), timeZone);
  const [shared, reviewerLists, comments, latest, ratingsOf] = await Promise.all([
    memberFacts(db, projectId, period, { windowFrom }),
    facts.pullRequestReviewers(db, projectId, period),
    facts.commentCounts(db, projectId, period),
    latestActivity(db, projectId, period),
    visiblePeerRatings(db, viewer, { projectId, fromDay: period.fromDay, toDay: period.toDay, today }),
  ]);
  const team = shared.contributors;
  const hasReviews = shared.providers.some((provider) => REVIEWING_PROVIDERS.has(provider));
  const reviews = countReviews(reviewerLists, team, period);
  const lastDays = latestDays(latest, timeZone);
  const seesAll = ratedScope(viewer) === 'everyone';
  const isStudent = !isTeachingStaff(viewer);
  const window: OutputWindow = {
    from: windowFromDay,
    to: period.toDay,
    hoursByMember: new Map(),
    tasksClosedByMember: shared.window.tasksClosed,
    commitsByMember: shared.window.commits,
  };
  for (const row of shared.hourDays) {
    if (row.date < windowFromDay || row.hours <= 0) continue;
    const logged = window.hoursByMember.get(row.user_id) ?? { hours: 0, days: [] };
    logged.hours += row.hours;
    logged.days.push(row.date);
    window.hoursByMember.set(row.user_id, logged);
  }
  const commentsOf = new Map(comments.map((row) => [row.user_id, row.count]));

  const raw = team.map((member) => {
    const rating = ratingsOf.get(member.user_id);
    const visible = seesAll || member.user_id === viewer.user_id;
    const fact = shared.of(member.user_id);
    return {
      user_id: member.user_id,
      name: member.name,
      role: member.role,
      hours: fact.hours,
      tasks_closed: fact.tasks_closed,
      commits: fact.commits,
      reviews: hasReviews ? (reviews.get(member.user_id) ?? 0) : null,
      standups: fact.standups,
      comments: commentsOf.get(member.user_id) ?? 0,
      last_activity: lastDays.get(member.user_id) ?? null,
      peer_score: visible && rating ? round2(rating.total / rating.ratings) : null,
      peer_ratings: visible && rating ? rating.ratings : 0,
      peer_score_hidden: !visible,
      peer_score_withheld: visible && isStudent && rating === undefined,
    };
  });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const totals = {
    hours: round2(sum(raw.map((m) => m.hours))),
    tasks_closed: round2(sum(raw.map((m) => m.tasks_closed))),
    tasks_closed_uncredited: shared.tasksClosedUncredited,
    commits: shared.providers.length > 0 ? sum(raw.map((m) => m.commits ?? 0)) : null,
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

/** Reviews submitted in the period, per member whose GitHub or GitLab name is the reviewer's login. */
function countReviews(lists: string[], team: Contributor[], period: facts.Bounds): Map<number, number> {
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
function latestDays(rows: LatestActivity[], timeZone: string) {
  const days = new Map<number, string>();
  for (const row of rows) {
    const day = row.kind === 'day' ? row.at : dayIn(row.at, timeZone);
    const known = days.get(row.user_id);
    if (known === undefined || day > known) days.set(row.user_id, day);
  }
  return days;
}

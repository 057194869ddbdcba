import { addDays, type EvaluationEvidence, type EvaluationMember } from '@teamboard/contract';
import type { ProjectAccess } from '../../access/access.js';
import { memberFacts } from '../../board-content/board-content.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../users/users.js';
import { dayIn, reportTimeZone, startOfDay } from '../../lib/zone-days.js';
import { subjectsOf } from './evaluation-answers.js';
import {
  projectToday,
  readsEverything,
  visibleEvaluation,
  type EvaluationReadingDeps,
} from './evaluation-reading.js';
import * as repo from './evaluations.repository.js';
import type { EvaluationRow } from './evaluations.table.js';

/**
 * Evidence beside peer ratings (docs/api-evaluations.md, "Evidence"): the facts of each rated member
 * over the evaluation's period, read by the same reader as the fairness page.
 */

type Ending = Pick<EvaluationRow, 'deadline' | 'closed_at'>;

/** The last day an evaluation covers: its deadline, or the day an owner closed it if earlier. */
export function lastDayOf(row: Ending, timeZone: string): string {
  if (row.closed_at === null) return row.deadline;
  const closed = dayIn(row.closed_at, timeZone);
  return closed < row.deadline ? closed : row.deadline;
}

export interface EvidencePeriod {
  fromDay: string;
  toDay: string;
  startsAt: EvaluationEvidence['starts_at'];
  isFinal: boolean;
}

/**
 * The period the facts cover (project days, both inclusive): from the day after the previous team
 * evaluation's last day (or from the project's first day) through this evaluation's last day — or
 * through today while it is still open. Never empty: at least its last day.
 */
export function evidencePeriod(input: {
  row: Ending;
  previous: Ending[];
  projectStart: string;
  today: string;
  timeZone: string;
}): EvidencePeriod {
  const { row, previous, projectStart, today, timeZone } = input;
  const lastDay = lastDayOf(row, timeZone);
  const toDay = today < lastDay ? today : lastDay;
  const previousEnd = previous
    .map((other) => lastDayOf(other, timeZone))
    .sort()
    .at(-1);
  const start = previousEnd === undefined ? projectStart : addDays(previousEnd, 1);
  return {
    fromDay: start < toDay ? start : toDay,
    toDay,
    startsAt: previousEnd === undefined ? 'project_start' : 'previous_evaluation',
    isFinal: today > lastDay,
  };
}

/** The sent team evaluations of the project (but `row`) whose deadline is before `row` opens. */
export function previousTeamEvaluations(db: Db, row: EvaluationRow): Promise<Ending[]> {
  return db
    .selectFrom('evaluations')
    .select(['deadline', 'closed_at'])
    .where('project_id', '=', row.project_id)
    .where('type', '=', 'team')
    .where('sent_at', 'is not', null)
    .where('id', '<>', row.id)
    .where('deadline', '<', row.initial_date)
    .execute();
}

/** Each rated member's facts over the period, in the order given. */
export async function evidenceOf(
  db: Db,
  target: { row: EvaluationRow; period: EvidencePeriod; timeZone: string; rated: EvaluationMember[] },
): Promise<EvaluationEvidence> {
  const { row, period, timeZone, rated } = target;
  const facts =
    rated.length === 0
      ? null
      : await memberFacts(db, row.project_id, {
          fromDay: period.fromDay,
          toDay: period.toDay,
          from: startOfDay(period.fromDay, timeZone),
          before: startOfDay(addDays(period.toDay, 1), timeZone),
        });
  return {
    evaluation_id: row.id,
    from: period.fromDay,
    to: period.toDay,
    time_zone: timeZone,
    starts_at: period.startsAt,
    is_final: period.isFinal,
    members: facts
      ? rated.map((member) => ({ user_id: member.user_id, name: member.name, ...facts.of(member.user_id) }))
      : [],
  };
}

/**
 * The facts beside the ratings (docs/api-evaluations.md, "Evidence"), for whoever sees the
 * evaluation: a selected member gets the people they rate; owners and teaching staff every
 * selected member. A project evaluation rates nobody: no member.
 */
export async function evaluationEvidence(
  deps: EvaluationReadingDeps,
  viewer: UserRow,
  access: ProjectAccess,
  row: EvaluationRow,
): Promise<EvaluationEvidence> {
  const { db } = deps;
  await visibleEvaluation(deps, viewer, access, row);
  const timeZone = reportTimeZone(access.project);
  const [members, previous] = await Promise.all([
    repo.evaluationMembers(db, row.id),
    previousTeamEvaluations(db, row),
  ]);
  const period = evidencePeriod({
    row,
    previous,
    projectStart: dayIn(access.project.created_at, timeZone),
    today: projectToday(deps, access.project),
    timeZone,
  });
  const rated =
    row.type !== 'team'
      ? []
      : readsEverything(viewer, access)
        ? members
        : (subjectsOf(row, members, viewer.id) ?? []);
  return evidenceOf(db, { row, period, timeZone, rated });
}

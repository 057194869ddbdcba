import { addDays } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { HOUR_MS, type Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
import { dayIn, reportTimeZone } from '../../lib/zone-days.js';
import { composeEvaluationReminderMail } from './evaluations.mail.js';
import { statusOf } from './evaluation-status.js';

/** The scheduled job (docs/jobs.md): hourly, so a reminder goes out within the hour a day begins. */
export const EVALUATION_REMINDERS_JOB = 'evaluation-reminders';
export const EVALUATION_REMINDERS_EVERY_MS = HOUR_MS;

export interface EvaluationRemindersDeps {
  db: Db;
  clock: Clock;
  /** Queues within a transaction (QueuedMailer.sendWithin): the reminder row and its mail land together. */
  mailer: Mailer;
  appUrl: string;
}

interface ClosingEvaluation {
  id: number;
  project_id: number;
  project_name: string;
  title: string;
  deadline: string;
  /** The project's day when the job ran. */
  today: string;
}

/**
 * Mails each selected member who has not submitted their answers one reminder when an active
 * evaluation (sent, not closed) closes today or tomorrow in its project's days. A row of
 * `evaluation_reminders` per member, evaluation and deadline keeps it to one per deadline: moving
 * the deadline allows one more. A reminder over its address's hourly cap (lib/mail-caps.ts) is not
 * recorded, so a later hourly run sends it. Returns how many reminders were queued.
 */
export async function sendEvaluationReminders(deps: EvaluationRemindersDeps): Promise<number> {
  let sent = 0;
  for (const evaluation of await evaluationsClosingSoon(deps)) {
    for (const member of await membersToRemind(deps.db, evaluation)) {
      if (await remind(deps, evaluation, member)) sent += 1;
    }
  }
  return sent;
}

/** Active evaluations whose deadline is today or tomorrow in their project's time zone. */
async function evaluationsClosingSoon(deps: EvaluationRemindersDeps): Promise<ClosingEvaluation[]> {
  const now = deps.clock.now();
  const utcToday = dayIn(now, 'UTC');
  // Every time zone's today lies within a day of UTC's; the exact day is checked per project below.
  const rows = await deps.db
    .selectFrom('evaluations as e')
    .innerJoin('projects as p', 'p.id', 'e.project_id')
    .select([
      'e.id',
      'e.project_id',
      'p.name as project_name',
      'p.time_zone',
      'e.title',
      'e.initial_date',
      'e.deadline',
      'e.sent_at',
      'e.closed_at',
    ])
    .where('e.sent_at', 'is not', null)
    .where('e.closed_at', 'is', null)
    .where('e.deadline', '>=', addDays(utcToday, -1))
    .where('e.deadline', '<=', addDays(utcToday, 2))
    .orderBy('e.id')
    .execute();
  return rows
    .map((row) => ({ ...row, today: dayIn(now, reportTimeZone(row)) }))
    .filter((row) => statusOf(row, row.today) === 'active' && row.deadline <= addDays(row.today, 1));
}

/** Selected members still in the project, without a submitted response or this deadline's reminder. */
function membersToRemind(db: Db, evaluation: ClosingEvaluation) {
  return db
    .selectFrom('evaluation_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('project_members as pm', (join) =>
      join.onRef('pm.user_id', '=', 'm.user_id').on('pm.project_id', '=', evaluation.project_id),
    )
    .leftJoin('evaluation_responses as r', (join) =>
      join.onRef('r.respondent_id', '=', 'm.user_id').on('r.evaluation_id', '=', evaluation.id),
    )
    .leftJoin('evaluation_reminders as sent', (join) =>
      join
        .onRef('sent.user_id', '=', 'm.user_id')
        .on('sent.evaluation_id', '=', evaluation.id)
        .on('sent.deadline', '=', evaluation.deadline),
    )
    .select(['u.id', 'u.email', 'u.name', 'u.language'])
    .where('m.evaluation_id', '=', evaluation.id)
    .where('r.submitted_at', 'is', null)
    .where('sent.user_id', 'is', null)
    .orderBy('u.id')
    .execute();
}

/** Rolls back a reminder's record when its mail is over the cap. */
class ReminderCapped extends Error {}

type Member = Awaited<ReturnType<typeof membersToRemind>>[number];

/**
 * Records the reminder and queues its mail in one transaction, so a crash neither sends it twice nor
 * skips it; false when another run recorded it first (the unique key) or the mail is capped (the
 * record is rolled back: the reminder is still due).
 */
async function remind(
  deps: EvaluationRemindersDeps,
  evaluation: ClosingEvaluation,
  member: Member,
): Promise<boolean> {
  const message = composeEvaluationReminderMail({
    to: member.email,
    name: member.name,
    language: member.language,
    project: evaluation.project_name,
    title: evaluation.title,
    deadline: evaluation.deadline,
    daysLeft: evaluation.deadline === evaluation.today ? 0 : 1,
    link: `${deps.appUrl}/project/${evaluation.project_id}/evaluations/${evaluation.id}`,
  });
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const recorded = await trx
        .insertInto('evaluation_reminders')
        .values({
          evaluation_id: evaluation.id,
          user_id: member.id,
          deadline: evaluation.deadline,
          sent_at: deps.clock.now().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['evaluation_id', 'user_id', 'deadline']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!recorded) return false;
      if ((await deps.mailer.sendWithin(trx, message)) === 'queued') return true;
      throw new ReminderCapped();
    })
    .catch((error: unknown) => {
      if (error instanceof ReminderCapped) return false;
      throw error;
    });
}

import {
  EVALUATION_TEAM_MIN_MEMBERS,
  type Evaluation,
  type EvaluationDeadlineInput,
  type EvaluationInput,
} from '@teamboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ProjectAccess } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import type { UserRow } from '../../users/users.js';
import { teamWorkerIds } from '../members/members.service.js';
import { rereadEvaluation, type EvaluationReadingDeps } from './evaluation-reading.js';
import { composeEvaluationMail } from './evaluations.mail.js';
import * as repo from './evaluations.repository.js';
import type { EvaluationRow } from './evaluations.table.js';

/**
 * Writing an evaluation: a draft, whole, until it is sent (irreversible; the selected members are
 * told by mail and in the bell); then only its deadline moves, or it is closed.
 */

export interface EvaluationAuthoringDeps extends EvaluationReadingDeps {
  mailer: Mailer;
  realtime: RealtimePublisher;
  log: FastifyBaseLogger;
  appUrl: string;
}

async function checkMembers(db: Db, projectId: number, memberIds: number[]): Promise<number[]> {
  const unique = [...new Set(memberIds)];
  const current = await repo.projectMemberIds(db, projectId, unique);
  if (unique.some((id) => !current.has(id))) throw new AppError('EVALUATION_MEMBER_NOT_VALID');
  return unique;
}

/**
 * The members named, or (none named) the team as isTeamWorker counts it — no viewer, no teaching
 * staff: a teacher is rated as a teammate only when an owner names them.
 */
async function chosenMembers(db: Db, projectId: number, input: EvaluationInput): Promise<number[]> {
  if (input.member_ids !== undefined) return checkMembers(db, projectId, input.member_ids);
  const chosen = await teamWorkerIds(db, projectId);
  if (chosen.length === 0) throw new AppError('EVALUATION_MEMBERS_REQUIRED');
  if (input.type === 'team' && chosen.length < EVALUATION_TEAM_MIN_MEMBERS)
    throw new AppError('EVALUATION_TEAM_MEMBERS_MIN');
  return chosen;
}

function draftFields(input: EvaluationInput) {
  return {
    title: input.title,
    description: input.description,
    type: input.type,
    initial_date: input.initial_date,
    deadline: input.deadline,
  };
}

export async function createEvaluation(
  deps: EvaluationAuthoringDeps,
  author: UserRow,
  access: ProjectAccess,
  input: EvaluationInput,
): Promise<Evaluation> {
  const memberIds = await chosenMembers(deps.db, access.project.id, input);
  const now = deps.clock.now().toISOString();
  const id = await deps.db.transaction().execute(async (trx) => {
    const created = await repo.insertEvaluation(trx, {
      project_id: access.project.id,
      created_by: author.id,
      ...draftFields(input),
      sent_at: null,
      closed_at: null,
      created_at: now,
      updated_at: now,
    });
    await repo.replaceMembersAndQuestions(trx, created, memberIds, input.questions);
    return created;
  });
  return rereadEvaluation(deps, author, access, id);
}

/** A draft, whole; a sent evaluation only moves its deadline (EVALUATION_ALREADY_SENT). */
export async function updateDraft(
  deps: EvaluationAuthoringDeps,
  viewer: UserRow,
  access: ProjectAccess,
  row: EvaluationRow,
  input: EvaluationInput,
): Promise<Evaluation> {
  if (row.sent_at !== null) throw new AppError('EVALUATION_ALREADY_SENT');
  const memberIds = await chosenMembers(deps.db, access.project.id, input);
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateEvaluation(trx, row.id, { ...draftFields(input), updated_at: now });
    await repo.replaceMembersAndQuestions(trx, row.id, memberIds, input.questions);
  });
  return rereadEvaluation(deps, viewer, access, row.id);
}

/** Drafts only: a sent evaluation stays (sending is irreversible). */
export async function removeDraft(deps: EvaluationAuthoringDeps, row: EvaluationRow): Promise<void> {
  if (row.sent_at !== null) throw new AppError('EVALUATION_ALREADY_SENT');
  await repo.deleteEvaluation(deps.db, row.id);
}

/** Sends a draft once; the selected members (still in the project) get a mail and a bell update. */
export async function sendEvaluation(
  deps: EvaluationAuthoringDeps,
  sender: UserRow,
  access: ProjectAccess,
  row: EvaluationRow,
): Promise<Evaluation> {
  if (row.sent_at !== null) throw new AppError('EVALUATION_ALREADY_SENT');
  const members = await repo.evaluationMembers(deps.db, row.id);
  await checkMembers(
    deps.db,
    access.project.id,
    members.map((m) => m.user_id),
  );
  const now = deps.clock.now().toISOString();
  if (!(await repo.markSent(deps.db, row.id, now))) throw new AppError('EVALUATION_ALREADY_SENT');
  const invitees = members.map((m) => m.user_id).filter((id) => id !== sender.id);
  deps.realtime.user(invitees, { type: 'evaluations.changed', project_id: access.project.id });
  await notifyByMail(deps, { sender, access, row }, invitees);
  return rereadEvaluation(deps, sender, access, row.id);
}

async function notifyByMail(
  deps: EvaluationAuthoringDeps,
  sent: { sender: UserRow; access: ProjectAccess; row: EvaluationRow },
  userIds: number[],
) {
  if (userIds.length === 0) return;
  const { sender, access, row } = sent;
  const people = await deps.db
    .selectFrom('users')
    .select(['email', 'name', 'language'])
    .where('id', 'in', userIds)
    .execute();
  const link = `${deps.appUrl}/project/${access.project.id}/evaluations/${row.id}`;
  for (const person of people) {
    try {
      await deps.mailer.send(
        composeEvaluationMail({
          to: person.email,
          name: person.name,
          language: person.language,
          sender: sender.name,
          project: access.project.name,
          title: row.title,
          initialDate: row.initial_date,
          deadline: row.deadline,
          link,
        }),
      );
    } catch (error) {
      // The evaluation is sent and in the bell; a failed mail is logged, not the caller's error.
      deps.log.error({ err: error }, 'could not send an evaluation mail');
    }
  }
}

/** Moves a sent evaluation's deadline (never before its initial date); it reopens a closed one. */
export async function moveDeadline(
  deps: EvaluationAuthoringDeps,
  viewer: UserRow,
  access: ProjectAccess,
  row: EvaluationRow,
  input: EvaluationDeadlineInput,
): Promise<Evaluation> {
  if (row.sent_at === null) throw new AppError('EVALUATION_NOT_SENT');
  if (input.deadline < row.initial_date) throw new AppError('EVALUATION_DEADLINE_BEFORE_PUBLICATION');
  const now = deps.clock.now().toISOString();
  await repo.updateEvaluation(deps.db, row.id, {
    deadline: input.deadline,
    closed_at: null,
    updated_at: now,
  });
  await tellMembers(deps, row);
  return rereadEvaluation(deps, viewer, access, row.id);
}

/** Ends a sent evaluation now: it is expired, answers are refused, results open to members. */
export async function closeEvaluation(
  deps: EvaluationAuthoringDeps,
  viewer: UserRow,
  access: ProjectAccess,
  row: EvaluationRow,
): Promise<Evaluation> {
  if (row.sent_at === null) throw new AppError('EVALUATION_NOT_SENT');
  const now = deps.clock.now().toISOString();
  if (row.closed_at === null) {
    await repo.updateEvaluation(deps.db, row.id, { closed_at: now, updated_at: now });
    await tellMembers(deps, row);
  }
  return rereadEvaluation(deps, viewer, access, row.id);
}

async function tellMembers(deps: EvaluationAuthoringDeps, row: EvaluationRow): Promise<void> {
  const members = await repo.evaluationMembers(deps.db, row.id);
  deps.realtime.user(
    members.map((m) => m.user_id),
    { type: 'evaluations.changed', project_id: row.project_id },
  );
}

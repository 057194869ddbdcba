import {
  can,
  EVALUATION_TEAM_MIN_MEMBERS,
  type EvaluationResults,
  type Evaluation,
  type EvaluationAnswersInput,
  type EvaluationDeadlineInput,
  type EvaluationEvidence,
  type EvaluationInput,
  type EvaluationList,
  type EvaluationStatus,
  type EvaluationSummary,
  type MyEvaluationAnswers,
  type PendingEvaluation,
} from '@teamboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ProjectAccess } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
import { dayIn, reportTimeZone } from '../../lib/zone-days.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import type { UserRow } from '../../users/users.js';
import { teamWorkerIds } from '../members/members.service.js';
import { checkAnswers, isComplete } from './evaluation-answers.js';
import { evidenceOf, evidencePeriod, previousTeamEvaluations } from './evaluation-evidence.js';
import * as responses from './evaluation-responses.repository.js';
import { asSeen, resultBlocks } from './evaluation-results.js';
import { composeEvaluationMail } from './evaluations.mail.js';
import * as repo from './evaluations.repository.js';
import type { EvaluationListRow } from './evaluations.repository.js';
import type { EvaluationRow } from './evaluations.table.js';
import {
  isTeachingStaff,
  ratedScope,
  ratingView,
  seesSubmitters,
  type RatingViewer,
} from './rating-visibility.js';

export interface EvaluationsDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  realtime: RealtimePublisher;
  log: FastifyBaseLogger;
  appUrl: string;
}

/** Draft, sent (not open yet), active or expired on `today` (the project's day). */
export function statusOf(
  row: Pick<EvaluationRow, 'sent_at' | 'closed_at' | 'initial_date' | 'deadline'>,
  today: string,
): EvaluationStatus {
  if (row.sent_at === null) return 'draft';
  if (row.closed_at !== null || today > row.deadline) return 'expired';
  return today < row.initial_date ? 'sent' : 'active';
}

/**
 * Owners manage; teaching staff (on a public project with no role, or as members) read every sent
 * evaluation without managing.
 */
export const canManage = (access: ProjectAccess) => can(access.role, 'evaluations.manage');
export const readsEverything = (viewer: UserRow, access: ProjectAccess) =>
  canManage(access) || isTeachingStaff(viewer);
/** The caller as the rating rule sees them (rating-visibility.ts). */
export const ratingViewerOf = (viewer: UserRow, access: ProjectAccess): RatingViewer => ({
  account_type: viewer.account_type,
  role: access.role,
});

/**
 * Evaluations (docs/api-evaluations.md; PRODUCT.md "Evaluations"): owners write a draft, send it
 * (irreversible; the selected members are told by mail and in the bell), and may move its deadline
 * or close it; the selected members answer while it is active.
 */
export class EvaluationsService {
  constructor(private readonly deps: EvaluationsDeps) {}

  today(project: ProjectAccess['project']): string {
    return dayIn(this.deps.clock.now(), reportTimeZone(project));
  }

  find(id: number): Promise<EvaluationRow | undefined> {
    return repo.findEvaluation(this.deps.db, id);
  }

  private summary(row: EvaluationListRow, access: ProjectAccess, today: string): EvaluationSummary {
    const isInvited = row.is_invited === 1;
    return {
      id: row.id,
      project_id: row.project_id,
      title: row.title,
      type: row.type,
      status: statusOf(row, today),
      initial_date: row.initial_date,
      deadline: row.deadline,
      sent_at: row.sent_at,
      closed_at: row.closed_at,
      members_count: row.members_count,
      submitted_count: row.submitted_count,
      is_invited: isInvited,
      my_response: !isInvited
        ? null
        : row.my_response_id === null
          ? 'none'
          : row.my_submitted_at
            ? 'submitted'
            : 'draft',
      can_manage: canManage(access),
    };
  }

  async list(viewer: UserRow, access: ProjectAccess): Promise<EvaluationList> {
    const scope = canManage(access) ? 'all' : isTeachingStaff(viewer) ? 'sent' : 'invited';
    const rows = await repo.listEvaluations(this.deps.db, {
      projectId: access.project.id,
      viewerId: viewer.id,
      scope,
    });
    const today = this.today(access.project);
    return {
      today,
      evaluations: rows.map((row) => this.summary(row, access, today)),
      default_member_ids: canManage(access) ? await teamWorkerIds(this.deps.db, access.project.id) : [],
    };
  }

  /**
   * The evaluation as the caller may see it, or NOT_FOUND: a draft is the owners' only; a sent one is
   * seen by teaching staff (members of the project or not) and by the members selected for it.
   */
  async visible(viewer: UserRow, access: ProjectAccess, row: EvaluationRow): Promise<EvaluationListRow> {
    const [found] = await repo.listEvaluations(this.deps.db, {
      projectId: access.project.id,
      viewerId: viewer.id,
      scope: 'all',
      evaluationId: row.id,
    });
    const sees =
      canManage(access) || (found?.sent_at != null && (isTeachingStaff(viewer) || found.is_invited === 1));
    if (!found || !sees) throw new AppError('NOT_FOUND');
    return found;
  }

  async read(viewer: UserRow, access: ProjectAccess, row: EvaluationRow): Promise<Evaluation> {
    const { db } = this.deps;
    const listed = await this.visible(viewer, access, row);
    const [members, questions, submitted] = await Promise.all([
      repo.evaluationMembers(db, row.id),
      repo.evaluationQuestions(db, row.id),
      seesSubmitters(ratingViewerOf(viewer, access)) ? repo.submittedUserIds(db, row.id) : null,
    ]);
    return {
      ...this.summary(listed, access, this.today(access.project)),
      description: listed.description,
      created_at: listed.created_at,
      updated_at: listed.updated_at,
      members,
      questions: questions.map(({ id, position, kind, text }) => ({ id, position, kind, text })),
      submitted_user_ids: submitted,
    };
  }

  private async checkMembers(projectId: number, memberIds: number[]): Promise<number[]> {
    const unique = [...new Set(memberIds)];
    const current = await repo.projectMemberIds(this.deps.db, projectId, unique);
    if (unique.some((id) => !current.has(id))) throw new AppError('EVALUATION_MEMBER_NOT_VALID');
    return unique;
  }

  /**
   * The members named, or (none named) the team as isTeamWorker counts it — no viewer, no teaching
   * staff: a teacher is rated as a teammate only when an owner names them.
   */
  private async chosenMembers(projectId: number, input: EvaluationInput): Promise<number[]> {
    if (input.member_ids !== undefined) return this.checkMembers(projectId, input.member_ids);
    const chosen = await teamWorkerIds(this.deps.db, projectId);
    if (chosen.length === 0) throw new AppError('EVALUATION_MEMBERS_REQUIRED');
    if (input.type === 'team' && chosen.length < EVALUATION_TEAM_MIN_MEMBERS)
      throw new AppError('EVALUATION_TEAM_MEMBERS_MIN');
    return chosen;
  }

  async create(author: UserRow, access: ProjectAccess, input: EvaluationInput): Promise<Evaluation> {
    const memberIds = await this.chosenMembers(access.project.id, input);
    const now = this.deps.clock.now().toISOString();
    const id = await this.deps.db.transaction().execute(async (trx) => {
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
    return this.reread(author, access, id);
  }

  private async reread(viewer: UserRow, access: ProjectAccess, id: number): Promise<Evaluation> {
    const row = await this.find(id);
    if (!row) throw new AppError('NOT_FOUND');
    return this.read(viewer, access, row);
  }

  /** A draft, whole; a sent evaluation only moves its deadline (EVALUATION_ALREADY_SENT). */
  async update(
    viewer: UserRow,
    access: ProjectAccess,
    row: EvaluationRow,
    input: EvaluationInput,
  ): Promise<Evaluation> {
    if (row.sent_at !== null) throw new AppError('EVALUATION_ALREADY_SENT');
    const memberIds = await this.chosenMembers(access.project.id, input);
    const now = this.deps.clock.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.updateEvaluation(trx, row.id, { ...draftFields(input), updated_at: now });
      await repo.replaceMembersAndQuestions(trx, row.id, memberIds, input.questions);
    });
    return this.reread(viewer, access, row.id);
  }

  /** Drafts only: a sent evaluation stays (sending is irreversible). */
  async remove(row: EvaluationRow): Promise<void> {
    if (row.sent_at !== null) throw new AppError('EVALUATION_ALREADY_SENT');
    await repo.deleteEvaluation(this.deps.db, row.id);
  }

  /** Sends a draft once; the selected members (still in the project) get a mail and a bell update. */
  async send(sender: UserRow, access: ProjectAccess, row: EvaluationRow): Promise<Evaluation> {
    if (row.sent_at !== null) throw new AppError('EVALUATION_ALREADY_SENT');
    const members = await repo.evaluationMembers(this.deps.db, row.id);
    await this.checkMembers(
      access.project.id,
      members.map((m) => m.user_id),
    );
    const now = this.deps.clock.now().toISOString();
    if (!(await repo.markSent(this.deps.db, row.id, now))) throw new AppError('EVALUATION_ALREADY_SENT');
    const invitees = members.map((m) => m.user_id).filter((id) => id !== sender.id);
    this.deps.realtime.user(invitees, { type: 'evaluations.changed', project_id: access.project.id });
    await this.notifyByMail(sender, access, row, invitees);
    return this.reread(sender, access, row.id);
  }

  private async notifyByMail(sender: UserRow, access: ProjectAccess, row: EvaluationRow, userIds: number[]) {
    if (userIds.length === 0) return;
    const people = await this.deps.db
      .selectFrom('users')
      .select(['email', 'name', 'language'])
      .where('id', 'in', userIds)
      .execute();
    const link = `${this.deps.appUrl}/project/${access.project.id}/evaluations/${row.id}`;
    for (const person of people) {
      try {
        await this.deps.mailer.send(
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
        this.deps.log.error({ err: error }, 'could not send an evaluation mail');
      }
    }
  }

  /** Moves a sent evaluation's deadline (never before its initial date); it reopens a closed one. */
  async setDeadline(
    viewer: UserRow,
    access: ProjectAccess,
    row: EvaluationRow,
    input: EvaluationDeadlineInput,
  ): Promise<Evaluation> {
    if (row.sent_at === null) throw new AppError('EVALUATION_NOT_SENT');
    if (input.deadline < row.initial_date) throw new AppError('EVALUATION_DEADLINE_BEFORE_PUBLICATION');
    const now = this.deps.clock.now().toISOString();
    await repo.updateEvaluation(this.deps.db, row.id, {
      deadline: input.deadline,
      closed_at: null,
      updated_at: now,
    });
    await this.tellMembers(row);
    return this.reread(viewer, access, row.id);
  }

  /** Ends a sent evaluation now: it is expired, answers are refused, results open to members. */
  async close(viewer: UserRow, access: ProjectAccess, row: EvaluationRow): Promise<Evaluation> {
    if (row.sent_at === null) throw new AppError('EVALUATION_NOT_SENT');
    const now = this.deps.clock.now().toISOString();
    if (row.closed_at === null) {
      await repo.updateEvaluation(this.deps.db, row.id, { closed_at: now, updated_at: now });
      await this.tellMembers(row);
    }
    return this.reread(viewer, access, row.id);
  }

  private async tellMembers(row: EvaluationRow): Promise<void> {
    const members = await repo.evaluationMembers(this.deps.db, row.id);
    this.deps.realtime.user(
      members.map((m) => m.user_id),
      { type: 'evaluations.changed', project_id: row.project_id },
    );
  }

  /** The people a respondent rates: the other selected members (team), or none (project: null). */
  private subjectsOf(row: EvaluationRow, members: repo.EvaluationPerson[], respondentId: number) {
    return row.type === 'team' ? members.filter((m) => m.user_id !== respondentId) : null;
  }

  async myAnswers(viewer: UserRow, access: ProjectAccess, row: EvaluationRow): Promise<MyEvaluationAnswers> {
    const { db } = this.deps;
    const listed = await this.visible(viewer, access, row);
    if (listed.is_invited !== 1) throw new AppError('EVALUATION_NOT_INVITED');
    const members = await repo.evaluationMembers(db, row.id);
    const response = await responses.findResponse(db, row.id, viewer.id);
    const answers = response ? await responses.responseAnswers(db, response.id) : [];
    return {
      status: response === undefined ? 'none' : response.submitted_at ? 'submitted' : 'draft',
      submitted_at: response?.submitted_at ?? null,
      subjects: this.subjectsOf(row, members, viewer.id) ?? [],
      answers: answers.map(({ question_id, subject_id, score, text }) => ({
        question_id,
        subject_id,
        score,
        text,
      })),
      is_open: statusOf(row, this.today(access.project)) === 'active',
    };
  }

  /**
   * Saves the caller's answers while the evaluation is active. Once submitted, a response stays
   * submitted: later saves must be complete too (EVALUATION_ANSWERS_INCOMPLETE).
   */
  async saveAnswers(
    viewer: UserRow,
    access: ProjectAccess,
    row: EvaluationRow,
    input: EvaluationAnswersInput,
  ): Promise<MyEvaluationAnswers> {
    const { db, clock } = this.deps;
    const listed = await this.visible(viewer, access, row);
    if (listed.is_invited !== 1) throw new AppError('EVALUATION_NOT_INVITED');
    const status = statusOf(row, this.today(access.project));
    if (status === 'sent') throw new AppError('EVALUATION_NOT_OPEN');
    if (status === 'expired') throw new AppError('EVALUATION_EXPIRED');
    const [members, questions] = await Promise.all([
      repo.evaluationMembers(db, row.id),
      repo.evaluationQuestions(db, row.id),
    ]);
    const subjects = this.subjectsOf(row, members, viewer.id);
    const subjectIds = subjects?.map((s) => s.user_id) ?? null;
    const answers = checkAnswers(input.answers, questions, subjectIds);
    const submitting = input.submit || listed.my_submitted_at !== null;
    if (submitting && !isComplete(answers, questions, subjectIds))
      throw new AppError('EVALUATION_ANSWERS_INCOMPLETE');
    const now = clock.now().toISOString();
    await db.transaction().execute((trx) =>
      responses.saveResponse(
        trx,
        {
          evaluationId: row.id,
          respondentId: viewer.id,
          submittedAt: submitting ? (listed.my_submitted_at ?? now) : null,
          now,
        },
        answers,
      ),
    );
    this.deps.realtime.user([viewer.id], { type: 'evaluations.changed', project_id: row.project_id });
    return this.myAnswers(viewer, access, row);
  }

  /**
   * Results from submitted answers only, as rating-visibility.ts lets the caller see them: teaching
   * staff every block attributed, any time after sending; a student owner every block and a selected
   * member their own (team) or the project's, once expired, each aggregate or withheld by its raters.
   */
  async results(viewer: UserRow, access: ProjectAccess, row: EvaluationRow): Promise<EvaluationResults> {
    const { db } = this.deps;
    const listed = await this.visible(viewer, access, row);
    if (row.sent_at === null) throw new AppError('EVALUATION_NOT_SENT');
    const status = statusOf(row, this.today(access.project));
    const [members, questions] = await Promise.all([
      repo.evaluationMembers(db, row.id),
      repo.evaluationQuestions(db, row.id),
    ]);
    const base = {
      evaluation_id: row.id,
      type: row.type,
      status,
      questions: questions.map(({ id, position, kind, text }) => ({ id, position, kind, text })),
      members_count: listed.members_count,
      submitted_count: listed.submitted_count,
    };
    const who = ratingViewerOf(viewer, access);
    const everyone = ratedScope(who) === 'everyone';
    if (!everyone && listed.is_invited !== 1) return { ...base, subjects: [], withheld: 'not_invited' };
    // Nothing a student could see yet is read at all (not even to count raters).
    if (ratingView(who, status, Infinity) === 'withheld')
      return { ...base, subjects: [], withheld: 'not_expired' };
    const answers = await responses.submittedAnswers(db, row.id);
    const blocks = resultBlocks(row.type, members, questions, answers).filter(
      (block) => everyone || block.subject_id === null || block.subject_id === viewer.id,
    );
    const subjects = blocks.map((block) => asSeen(block, ratingView(who, status, block.raters ?? 0)));
    return { ...base, subjects, withheld: null };
  }

  /**
   * The facts beside the ratings (docs/api-evaluations.md, "Evidence"), for whoever sees the
   * evaluation: a selected member gets the people they rate; owners and teaching staff every
   * selected member. A project evaluation rates nobody: no member.
   */
  async evidence(viewer: UserRow, access: ProjectAccess, row: EvaluationRow): Promise<EvaluationEvidence> {
    const { db } = this.deps;
    await this.visible(viewer, access, row);
    const timeZone = reportTimeZone(access.project);
    const [members, previous] = await Promise.all([
      repo.evaluationMembers(db, row.id),
      previousTeamEvaluations(db, row),
    ]);
    const period = evidencePeriod({
      row,
      previous,
      projectStart: dayIn(access.project.created_at, timeZone),
      today: this.today(access.project),
      timeZone,
    });
    const rated =
      row.type !== 'team'
        ? []
        : readsEverything(viewer, access)
          ? members
          : (this.subjectsOf(row, members, viewer.id) ?? []);
    return evidenceOf(db, { row, period, timeZone, rated });
  }

  /** The bell: active evaluations sent to the caller and not yet submitted, in every project. */
  async pending(user: UserRow): Promise<PendingEvaluation[]> {
    const rows = await repo.pendingFor(this.deps.db, user.id);
    const now = this.deps.clock.now();
    return rows
      .filter((row) => {
        const today = dayIn(now, reportTimeZone(row));
        return row.initial_date <= today && today <= row.deadline;
      })
      .map((row) => ({
        id: row.id,
        project_id: row.project_id,
        project_name: row.project_name,
        title: row.title,
        deadline: row.deadline,
        my_response: row.response_id === null ? 'none' : 'draft',
      }));
  }
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

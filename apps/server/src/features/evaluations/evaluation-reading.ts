import {
  can,
  type Evaluation,
  type EvaluationList,
  type EvaluationSummary,
  type PendingEvaluation,
} from '@teamboard/contract';
import type { ProjectAccess } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { UserRow } from '../../users/users.js';
import { teamWorkerIds } from '../members/members.service.js';
import { dayIn, reportTimeZone } from '../../lib/zone-days.js';
import { statusOf } from './evaluation-status.js';
import * as repo from './evaluations.repository.js';
import type { EvaluationListRow } from './evaluations.repository.js';
import type { EvaluationQuestionRow, EvaluationRow } from './evaluations.table.js';
import { isTeachingStaff, seesSubmitters, type RatingViewer } from './rating-visibility.js';

/** What reading evaluations needs; writing, answering and results add to it. */
export interface EvaluationReadingDeps {
  db: Db;
  clock: Clock;
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

/** The project's day now: statuses and periods are counted in it. */
export function projectToday(deps: EvaluationReadingDeps, project: ProjectAccess['project']): string {
  return dayIn(deps.clock.now(), reportTimeZone(project));
}

/** A question as answers and results show it. */
export const shownQuestion = ({ id, position, kind, text }: EvaluationQuestionRow) => ({
  id,
  position,
  kind,
  text,
});

function summaryOf(row: EvaluationListRow, access: ProjectAccess, today: string): EvaluationSummary {
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

export async function listEvaluationsFor(
  deps: EvaluationReadingDeps,
  viewer: UserRow,
  access: ProjectAccess,
): Promise<EvaluationList> {
  const scope = canManage(access) ? 'all' : isTeachingStaff(viewer) ? 'sent' : 'invited';
  const rows = await repo.listEvaluations(deps.db, {
    projectId: access.project.id,
    viewerId: viewer.id,
    scope,
  });
  const today = projectToday(deps, access.project);
  return {
    today,
    evaluations: rows.map((row) => summaryOf(row, access, today)),
    default_member_ids: canManage(access) ? await teamWorkerIds(deps.db, access.project.id) : [],
  };
}

/**
 * The evaluation as the caller may see it, or NOT_FOUND: a draft is the owners' only; a sent one is
 * seen by teaching staff (members of the project or not) and by the members selected for it.
 */
export async function visibleEvaluation(
  deps: EvaluationReadingDeps,
  viewer: UserRow,
  access: ProjectAccess,
  row: EvaluationRow,
): Promise<EvaluationListRow> {
  const [found] = await repo.listEvaluations(deps.db, {
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

export async function readEvaluation(
  deps: EvaluationReadingDeps,
  viewer: UserRow,
  access: ProjectAccess,
  row: EvaluationRow,
): Promise<Evaluation> {
  const { db } = deps;
  const listed = await visibleEvaluation(deps, viewer, access, row);
  const [members, questions, submitted] = await Promise.all([
    repo.evaluationMembers(db, row.id),
    repo.evaluationQuestions(db, row.id),
    seesSubmitters(ratingViewerOf(viewer, access)) ? repo.submittedUserIds(db, row.id) : null,
  ]);
  return {
    ...summaryOf(listed, access, projectToday(deps, access.project)),
    description: listed.description,
    created_at: listed.created_at,
    updated_at: listed.updated_at,
    members,
    questions: questions.map(shownQuestion),
    submitted_user_ids: submitted,
  };
}

/** The evaluation read again after a write, as the writer sees it now. */
export async function rereadEvaluation(
  deps: EvaluationReadingDeps,
  viewer: UserRow,
  access: ProjectAccess,
  id: number,
): Promise<Evaluation> {
  const row = await repo.findEvaluation(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return readEvaluation(deps, viewer, access, row);
}

/** The bell: active evaluations sent to the caller and not yet submitted, in every project. */
export async function pendingEvaluationsOf(
  deps: EvaluationReadingDeps,
  user: UserRow,
): Promise<PendingEvaluation[]> {
  const rows = await repo.pendingFor(deps.db, user.id);
  const now = deps.clock.now();
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

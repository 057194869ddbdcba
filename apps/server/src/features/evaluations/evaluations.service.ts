import type { EvaluationAnswersInput, EvaluationDeadlineInput, EvaluationInput } from '@teamboard/contract';
import type { ProjectAccess } from '../../access/access.js';
import type { UserRow } from '../../users/users.js';
import { myAnswers, saveAnswers } from './evaluation-answers.js';
import {
  closeEvaluation,
  createEvaluation,
  moveDeadline,
  removeDraft,
  sendEvaluation,
  updateDraft,
  type EvaluationAuthoringDeps,
} from './evaluation-authoring.js';
import { evaluationEvidence } from './evaluation-evidence.js';
import { listEvaluationsFor, pendingEvaluationsOf, readEvaluation } from './evaluation-reading.js';
import { evaluationResults } from './evaluation-results.js';
import * as repo from './evaluations.repository.js';
import type { EvaluationRow } from './evaluations.table.js';

/** What evaluations need: writing uses it all (mail and bell on send); reading, answering and results less. */
export type EvaluationsDeps = EvaluationAuthoringDeps;

/**
 * Evaluations (docs/api-evaluations.md; PRODUCT.md "Evaluations"): owners write a draft, send it
 * (irreversible; the selected members are told by mail and in the bell), and may move its deadline
 * or close it; the selected members answer while it is active. The routes' one entry: the work is in
 * evaluation-reading.ts, evaluation-authoring.ts, evaluation-answers.ts, evaluation-results.ts and
 * evaluation-evidence.ts.
 */
export class EvaluationsService {
  constructor(private readonly deps: EvaluationsDeps) {}

  find(id: number): Promise<EvaluationRow | undefined> {
    return repo.findEvaluation(this.deps.db, id);
  }

  list(viewer: UserRow, access: ProjectAccess) {
    return listEvaluationsFor(this.deps, viewer, access);
  }

  read(viewer: UserRow, access: ProjectAccess, row: EvaluationRow) {
    return readEvaluation(this.deps, viewer, access, row);
  }

  /** The bell: active evaluations sent to the caller and not yet submitted, in every project. */
  pending(user: UserRow) {
    return pendingEvaluationsOf(this.deps, user);
  }

  create(author: UserRow, access: ProjectAccess, input: EvaluationInput) {
    return createEvaluation(this.deps, author, access, input);
  }

  update(viewer: UserRow, access: ProjectAccess, row: EvaluationRow, input: EvaluationInput) {
    return updateDraft(this.deps, viewer, access, row, input);
  }

  remove(row: EvaluationRow) {
    return removeDraft(this.deps, row);
  }

  send(sender: UserRow, access: ProjectAccess, row: EvaluationRow) {
    return sendEvaluation(this.deps, sender, access, row);
  }

  setDeadline(viewer: UserRow, access: ProjectAccess, row: EvaluationRow, input: EvaluationDeadlineInput) {
    return moveDeadline(this.deps, viewer, access, row, input);
  }

  close(viewer: UserRow, access: ProjectAccess, row: EvaluationRow) {
    return closeEvaluation(this.deps, viewer, access, row);
  }

  myAnswers(viewer: UserRow, access: ProjectAccess, row: EvaluationRow) {
    return myAnswers(this.deps, viewer, access, row);
  }

  saveAnswers(viewer: UserRow, access: ProjectAccess, row: EvaluationRow, input: EvaluationAnswersInput) {
    return saveAnswers(this.deps, viewer, access, row, input);
  }

  results(viewer: UserRow, access: ProjectAccess, row: EvaluationRow) {
    return evaluationResults(this.deps, viewer, access, row);
  }

  evidence(viewer: UserRow, access: ProjectAccess, row: EvaluationRow) {
    return evaluationEvidence(this.deps, viewer, access, row);
  }
}

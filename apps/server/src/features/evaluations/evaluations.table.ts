import type { Generated, Selectable } from 'kysely';

/** One evaluation (docs/api-evaluations.md); dates are the project's days. */
export interface EvaluationsTable {
  id: Generated<number>;
  project_id: number;
  created_by: number | null;
  title: string;
  description: string;
  type: 'team' | 'project';
  initial_date: string;
  deadline: string;
  /** Set once, when sent (irreversible). */
  sent_at: string | null;
  /** Set when an owner closes it early; cleared when the deadline is moved again. */
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}
export type EvaluationRow = Selectable<EvaluationsTable>;

/** The selected members: who answers (and, in a team evaluation, who is rated). */
export interface EvaluationMembersTable {
  evaluation_id: number;
  user_id: number;
}

export interface EvaluationQuestionsTable {
  id: Generated<number>;
  evaluation_id: number;
  position: number;
  kind: 'scale' | 'text';
  text: string;
}
export type EvaluationQuestionRow = Selectable<EvaluationQuestionsTable>;

/** One member's answers to one evaluation: a draft until `submitted_at` is set. */
export interface EvaluationResponsesTable {
  id: Generated<number>;
  evaluation_id: number;
  respondent_id: number;
  submitted_at: string | null;
  updated_at: string;
}
export type EvaluationResponseRow = Selectable<EvaluationResponsesTable>;

export interface EvaluationAnswersTable {
  id: Generated<number>;
  response_id: number;
  question_id: number;
  /** The rated member (team); null in a project evaluation. */
  subject_id: number | null;
  score: number | null;
  text: string | null;
}
export type EvaluationAnswerRow = Selectable<EvaluationAnswersTable>;

/** A reminder mailed to a member who had not answered, once per deadline (evaluation-reminders.ts). */
export interface EvaluationRemindersTable {
  evaluation_id: number;
  user_id: number;
  /** The deadline the reminder was for: a moved deadline allows one more. */
  deadline: string;
  sent_at: string;
}

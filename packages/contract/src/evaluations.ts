import { z } from 'zod';
import { IdSchema } from './ids.js';
import { DateSchema } from './milestones.js';

/**
 * Evaluations (docs/api-evaluations.md; PRODUCT.md "Evaluations"): an owner asks selected members of a
 * project a list of questions. `team` is a peer evaluation (each selected member rates each other
 * selected member on every question); `project` asks each selected member about the project.
 * Draft → sent (irreversible) → active from the initial (publication) date through the deadline →
 * expired. Dates are the project's days (its report time zone), both inclusive.
 */
export const EVALUATION_TYPES = ['team', 'project'] as const;
export type EvaluationType = (typeof EVALUATION_TYPES)[number];
export const EVALUATION_QUESTION_KINDS = ['scale', 'text'] as const;
export type EvaluationQuestionKind = (typeof EVALUATION_QUESTION_KINDS)[number];
/**
 * `sent`: sent, its initial date still ahead; `active`: open for answers; `expired`: past its
 * deadline or closed by an owner.
 */
export const EVALUATION_STATUSES = ['draft', 'sent', 'active', 'expired'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];

export const EVALUATION_TITLE_MAX_LENGTH = 200;
export const EVALUATION_DESCRIPTION_MAX_LENGTH = 4000;
export const EVALUATION_QUESTION_MAX_LENGTH = 500;
export const EVALUATION_ANSWER_TEXT_MAX_LENGTH = 2000;
export const EVALUATION_QUESTIONS_MAX = 50;
export const EVALUATION_MEMBERS_MAX = 200;
export const EVALUATION_SCALE_MIN = 1;
export const EVALUATION_SCALE_MAX = 5;
/** A team evaluation compares at least two people. */
export const EVALUATION_TEAM_MIN_MEMBERS = 2;
/**
 * A student sees the aggregates about a rated member (or a project evaluation's) only when at least
 * this many people answered about them: with one, an average is that person's rating.
 */
export const EVALUATION_MIN_RATERS_SHOWN = 2;

/**
 * What a viewer may see of the ratings about one rated member (PRODUCT.md "Evaluations", one rule on
 * every surface; server: features/evaluations/rating-visibility.ts): teaching staff `attributed`
 * (each rating with its rater); a student `aggregate` (averages and counts only) once the evaluation
 * expired and at least EVALUATION_MIN_RATERS_SHOWN people rated that member, else `withheld`
 * (nothing about that member, not even how many rated them).
 */
export const RATING_VIEWS = ['attributed', 'aggregate', 'withheld'] as const;
export type RatingView = (typeof RATING_VIEWS)[number];

const requiredText = (code: string, max: number) =>
  z.string(code).trim().min(1, code).max(max, 'TEXT_TOO_LONG');

export const EvaluationQuestionInputSchema = z
  .object({
    kind: z.enum(EVALUATION_QUESTION_KINDS, 'FIELD_NOT_VALID'),
    text: requiredText('EVALUATION_QUESTION_REQUIRED', EVALUATION_QUESTION_MAX_LENGTH),
  })
  .strict();
export type EvaluationQuestionInput = z.infer<typeof EvaluationQuestionInputSchema>;

/**
 * POST /api/projects/:id/evaluations and PUT /api/evaluations/:id (a draft, whole). SPEC §5: no field,
 * member list or question list may be empty; a team evaluation needs 2 members; the deadline cannot
 * be before the publication (initial) date.
 */
export const EvaluationInputSchema = z
  .object({
    title: requiredText('EVALUATION_TITLE_REQUIRED', EVALUATION_TITLE_MAX_LENGTH),
    description: requiredText('EVALUATION_DESCRIPTION_REQUIRED', EVALUATION_DESCRIPTION_MAX_LENGTH),
    type: z.enum(EVALUATION_TYPES, 'EVALUATION_TYPE_NOT_VALID'),
    initial_date: DateSchema,
    deadline: DateSchema,
    /**
     * Left out: the project's team as isTeamWorker counts it (`default_member_ids` of the list);
     * an owner adds a teacher or admin only by naming them.
     */
    member_ids: z
      .array(IdSchema, 'EVALUATION_MEMBERS_REQUIRED')
      .min(1, 'EVALUATION_MEMBERS_REQUIRED')
      .max(EVALUATION_MEMBERS_MAX, 'FIELD_NOT_VALID')
      .optional(),
    questions: z
      .array(EvaluationQuestionInputSchema, 'EVALUATION_QUESTIONS_REQUIRED')
      .min(1, 'EVALUATION_QUESTIONS_REQUIRED')
      .max(EVALUATION_QUESTIONS_MAX, 'FIELD_NOT_VALID'),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (
      value.type === 'team' &&
      value.member_ids !== undefined &&
      new Set(value.member_ids).size < EVALUATION_TEAM_MIN_MEMBERS
    ) {
      ctx.addIssue({ code: 'custom', path: ['member_ids'], message: 'EVALUATION_TEAM_MEMBERS_MIN' });
    }
    if (value.deadline < value.initial_date) {
      ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'EVALUATION_DEADLINE_BEFORE_PUBLICATION' });
    }
  });
export type EvaluationInputBody = z.input<typeof EvaluationInputSchema>;
export type EvaluationInput = z.infer<typeof EvaluationInputSchema>;

/** PUT /api/evaluations/:id/deadline: extend (or move) a sent evaluation's deadline; it reopens a closed one. */
export const EvaluationDeadlineInputSchema = z.object({ deadline: DateSchema }).strict();
export type EvaluationDeadlineInput = z.infer<typeof EvaluationDeadlineInputSchema>;

export const EvaluationQuestionSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  kind: z.enum(EVALUATION_QUESTION_KINDS),
  text: z.string(),
});
export type EvaluationQuestion = z.infer<typeof EvaluationQuestionSchema>;

export const EvaluationMemberSchema = z.object({ user_id: z.number().int(), name: z.string() });
export type EvaluationMember = z.infer<typeof EvaluationMemberSchema>;

/** The caller's own answers: none yet, saved as a draft, or submitted (still editable while active). */
export const EVALUATION_RESPONSE_STATUSES = ['none', 'draft', 'submitted'] as const;
export type EvaluationResponseStatus = (typeof EVALUATION_RESPONSE_STATUSES)[number];

export const EvaluationSummarySchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  title: z.string(),
  type: z.enum(EVALUATION_TYPES),
  status: z.enum(EVALUATION_STATUSES),
  initial_date: z.string(),
  deadline: z.string(),
  sent_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  members_count: z.number().int(),
  /** Selected members who submitted their answers. */
  submitted_count: z.number().int(),
  /** The caller is one of the selected members. */
  is_invited: z.boolean(),
  /** The caller's answers; null when not invited. */
  my_response: z.enum(EVALUATION_RESPONSE_STATUSES).nullable(),
  /** The caller may edit, send, extend, close and read every result (owners). */
  can_manage: z.boolean(),
});
export type EvaluationSummary = z.infer<typeof EvaluationSummarySchema>;

export const EvaluationSchema = EvaluationSummarySchema.extend({
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  members: z.array(EvaluationMemberSchema),
  questions: z.array(EvaluationQuestionSchema),
  /**
   * Teaching staff only: who submitted (never what they answered). null for every student, owners
   * included: they get `submitted_count`.
   */
  submitted_user_ids: z.array(z.number().int()).nullable(),
});
export type Evaluation = z.infer<typeof EvaluationSchema>;
export const EvaluationResponseSchema = z.object({ data: EvaluationSchema });

export const EvaluationListSchema = z.object({
  /** Today in the project's time zone. */
  today: z.string(),
  /** Newest first. Owners get every evaluation (drafts too); others the sent ones they were invited to. */
  evaluations: z.array(EvaluationSummarySchema),
  /**
   * Owners: the members a new evaluation selects unless told otherwise — every current member but
   * teaching staff (teacher and admin accounts). Empty for others.
   */
  default_member_ids: z.array(z.number().int()),
});
export type EvaluationList = z.infer<typeof EvaluationListSchema>;
export const EvaluationListResponseSchema = z.object({ data: EvaluationListSchema });

/** One answer: a scale question takes `score`, a text question `text`. `subject_id` is the rated member (team) or null (project). */
export const EvaluationAnswerInputSchema = z
  .object({
    question_id: IdSchema,
    subject_id: IdSchema.nullable().default(null),
    score: z
      .number('EVALUATION_SCORE_NOT_VALID')
      .int('EVALUATION_SCORE_NOT_VALID')
      .min(EVALUATION_SCALE_MIN, 'EVALUATION_SCORE_NOT_VALID')
      .max(EVALUATION_SCALE_MAX, 'EVALUATION_SCORE_NOT_VALID')
      .nullable()
      .default(null),
    text: z
      .string('FIELD_NOT_VALID')
      .trim()
      .max(EVALUATION_ANSWER_TEXT_MAX_LENGTH, 'TEXT_TOO_LONG')
      .nullable()
      .default(null),
  })
  .strict();
export type EvaluationAnswerInput = z.infer<typeof EvaluationAnswerInputSchema>;

/**
 * PUT /api/evaluations/:id/answers: the caller's whole set of answers, replacing what they saved.
 * `submit: false` keeps it a draft (any subset); `submit: true` needs every scale question answered
 * for every subject (EVALUATION_ANSWERS_INCOMPLETE).
 */
export const EvaluationAnswersInputSchema = z
  .object({
    answers: z
      .array(EvaluationAnswerInputSchema, 'FIELD_NOT_VALID')
      .max(EVALUATION_QUESTIONS_MAX * EVALUATION_MEMBERS_MAX, 'FIELD_NOT_VALID'),
    submit: z.boolean('FIELD_NOT_VALID').default(false),
  })
  .strict();
export type EvaluationAnswersInputBody = z.input<typeof EvaluationAnswersInputSchema>;
export type EvaluationAnswersInput = z.infer<typeof EvaluationAnswersInputSchema>;

export const EvaluationAnswerSchema = z.object({
  question_id: z.number().int(),
  subject_id: z.number().int().nullable(),
  score: z.number().int().nullable(),
  text: z.string().nullable(),
});
export type EvaluationAnswer = z.infer<typeof EvaluationAnswerSchema>;

/** GET /api/evaluations/:id/answers: the caller's own answers and whom they rate. */
export const MyEvaluationAnswersSchema = z.object({
  status: z.enum(EVALUATION_RESPONSE_STATUSES),
  submitted_at: z.string().nullable(),
  /** Team: the other selected members, by name; project: empty. */
  subjects: z.array(EvaluationMemberSchema),
  answers: z.array(EvaluationAnswerSchema),
  /** The evaluation is active: answers can be saved. */
  is_open: z.boolean(),
});
export type MyEvaluationAnswers = z.infer<typeof MyEvaluationAnswersSchema>;
export const MyEvaluationAnswersResponseSchema = z.object({ data: MyEvaluationAnswersSchema });

/** Counts of scores 1..5 (index 0 is a 1). */
export const ScoreDistributionSchema = z.array(z.number().int()).length(EVALUATION_SCALE_MAX);

export const EvaluationQuestionResultSchema = z.object({
  question_id: z.number().int(),
  /** How many answered it. */
  answered: z.number().int(),
  /** Scale questions: the average, null with no answer. */
  average: z.number().nullable(),
  /** Scale questions: counts of 1..5. Text questions: all zeros. */
  distribution: ScoreDistributionSchema,
  /** Text questions: the answers, without their authors, sorted alphabetically (never in answer order). */
  texts: z.array(z.string()),
});
export type EvaluationQuestionResult = z.infer<typeof EvaluationQuestionResultSchema>;

/** One rating with its rater: teaching staff only (`visibility: 'attributed'`). */
export const AttributedRatingSchema = z.object({
  rater_id: z.number().int(),
  rater_name: z.string(),
  question_id: z.number().int(),
  score: z.number().int().nullable(),
  text: z.string().nullable(),
});
export type AttributedRating = z.infer<typeof AttributedRatingSchema>;

export const EvaluationSubjectResultSchema = z.object({
  /** The rated member (team); null for a project evaluation's single block. */
  subject_id: z.number().int().nullable(),
  name: z.string().nullable(),
  /** What the caller may see of this block (RATING_VIEWS); `withheld`: only the name. */
  visibility: z.enum(RATING_VIEWS),
  /** How many submitted answers about this subject; null when withheld. */
  raters: z.number().int().nullable(),
  /** Average of every scale answer about this subject; null with none, or withheld. */
  average: z.number().nullable(),
  /** Empty when withheld. */
  questions: z.array(EvaluationQuestionResultSchema),
  /** Each rating with its rater (teaching staff), by rater name; null for everyone else. */
  ratings: z.array(AttributedRatingSchema).nullable(),
});
export type EvaluationSubjectResult = z.infer<typeof EvaluationSubjectResultSchema>;

/**
 * GET /api/evaluations/:id/results. Only submitted answers count. Teaching staff see every subject,
 * attributed, at any time after sending. A student owner sees every subject's block, a selected
 * member only their own (team) or the project block — each once the evaluation expired and as
 * RATING_VIEWS says (`withheld` below EVALUATION_MIN_RATERS_SHOWN raters). No student result names
 * who rated whom.
 */
export const EvaluationResultsSchema = z.object({
  evaluation_id: z.number().int(),
  type: z.enum(EVALUATION_TYPES),
  status: z.enum(EVALUATION_STATUSES),
  questions: z.array(EvaluationQuestionSchema),
  members_count: z.number().int(),
  submitted_count: z.number().int(),
  /** All subjects (owners, teaching staff) or the caller's own block (members); empty when withheld. */
  subjects: z.array(EvaluationSubjectResultSchema),
  /** For a student: why no block is shown yet (still open, or not asked), else null. */
  withheld: z.enum(['not_expired', 'not_invited']).nullable(),
});
export type EvaluationResults = z.infer<typeof EvaluationResultsSchema>;
export const EvaluationResultsResponseSchema = z.object({ data: EvaluationResultsSchema });

/** GET /api/me/evaluations: active evaluations sent to the caller, in every project, not yet submitted. */
export const PendingEvaluationSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  title: z.string(),
  deadline: z.string(),
  my_response: z.enum(EVALUATION_RESPONSE_STATUSES),
});
export type PendingEvaluation = z.infer<typeof PendingEvaluationSchema>;
export const PendingEvaluationsResponseSchema = z.object({ data: z.array(PendingEvaluationSchema) });

/**
 * Evidence beside peer ratings (docs/api-evaluations.md, "Evidence"): each rated member's facts over
 * the evaluation's period, counted as the fairness page counts them. Facts only, never a grade.
 */
export const EvaluationEvidenceMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** Hours reported for days of the period. */
  hours: z.number(),
  /** Tasks completed in the period, each split equally among its assignees (two: half each). */
  tasks_closed: z.number(),
  /** Commits of the project's linked repositories by the member; null: no repository is linked. */
  commits: z.number().int().nullable(),
  /** Stand-ups submitted for days of the period. */
  standups: z.number().int(),
});
export type EvaluationEvidenceMember = z.infer<typeof EvaluationEvidenceMemberSchema>;

/**
 * Where the period starts: the day after the previous team evaluation's period ended, or (the first
 * one) the day the project was created.
 */
export const EVALUATION_EVIDENCE_STARTS = ['previous_evaluation', 'project_start'] as const;

/** GET /api/evaluations/:id/evidence. */
export const EvaluationEvidenceSchema = z.object({
  evaluation_id: z.number().int(),
  /** First and last day of the period (both inclusive), in `time_zone` (the project's). */
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  starts_at: z.enum(EVALUATION_EVIDENCE_STARTS),
  /** The last day is the deadline (or the day it was closed): the facts will not change. */
  is_final: z.boolean(),
  /** Team: the members the caller rates (owners and teaching staff: every selected member); project: empty. */
  members: z.array(EvaluationEvidenceMemberSchema),
});
export type EvaluationEvidence = z.infer<typeof EvaluationEvidenceSchema>;
export const EvaluationEvidenceResponseSchema = z.object({ data: EvaluationEvidenceSchema });

import { z } from 'zod';
import { SemesterSchema } from './auth.js';
import { SHORT_TEXT_MAX_LENGTH } from './constants.js';
import { IdSchema } from './ids.js';
import { DateSchema } from './milestones.js';

/**
 * Knowledge forms (docs/api-knowledge-forms.md): self-assessment forms that teachers and admins
 * define for an audience (year, semester, section, group; null = any), open from `opens_on` to
 * `closes_on` (inclusive, the server's days). Whoever matches the audience rates each item 1..5 with
 * an optional comment while the form is open, and may change the answers until it closes.
 */
export const KNOWLEDGE_TITLE_MAX_LENGTH = 200;
export const KNOWLEDGE_DESCRIPTION_MAX_LENGTH = 2000;
export const KNOWLEDGE_ITEM_NAME_MAX_LENGTH = 100;
export const KNOWLEDGE_ITEMS_MAX = 30;
export const KNOWLEDGE_COMMENT_MAX_LENGTH = 500;
export const KNOWLEDGE_RATING_MIN = 1;
export const KNOWLEDGE_RATING_MAX = 5;
/** A closed form stays in its audience's list for this many days after closing. */
export const KNOWLEDGE_RECENTLY_CLOSED_DAYS = 30;

/** scheduled: before opens_on; open: opens_on..closes_on; closed: after closes_on. */
export const KNOWLEDGE_STATES = ['scheduled', 'open', 'closed'] as const;
export type KnowledgeState = (typeof KNOWLEDGE_STATES)[number];

/** The state of a form on `today` (YYYY-MM-DD; the dates compare as text). */
export function knowledgeState(form: { opens_on: string; closes_on: string }, today: string): KnowledgeState {
  if (today < form.opens_on) return 'scheduled';
  return today > form.closes_on ? 'closed' : 'open';
}

const text = (max: number) => z.string('TEXT_REQUIRED').trim().max(max, 'TEXT_TOO_LONG');
/** An audience text field: blank means "any" (null). */
const audienceText = text(SHORT_TEXT_MAX_LENGTH)
  .nullable()
  .default(null)
  .transform((value) => (value === null || value === '' ? null : value));

export const KnowledgeItemInputSchema = z
  .object({
    /** An existing item of the form (kept, maybe renamed); without it, a new item. */
    id: IdSchema.optional(),
    name: text(KNOWLEDGE_ITEM_NAME_MAX_LENGTH).min(1, 'TEXT_REQUIRED'),
  })
  .strict();

/** POST /api/knowledge_forms and PUT /api/knowledge_forms/:id (whole form). */
export const KnowledgeFormInputSchema = z
  .object({
    title: text(KNOWLEDGE_TITLE_MAX_LENGTH).min(1, 'TEXT_REQUIRED'),
    description: text(KNOWLEDGE_DESCRIPTION_MAX_LENGTH).default(''),
    year: z
      .number('FIELD_NOT_VALID')
      .int('FIELD_NOT_VALID')
      .min(1, 'FIELD_NOT_VALID')
      .max(10, 'FIELD_NOT_VALID')
      .nullable()
      .default(null),
    semester: SemesterSchema.nullable().default(null),
    section: audienceText,
    group: audienceText,
    opens_on: DateSchema,
    closes_on: DateSchema,
    items: z
      .array(KnowledgeItemInputSchema, 'KNOWLEDGE_ITEMS_REQUIRED')
      .min(1, 'KNOWLEDGE_ITEMS_REQUIRED')
      .max(KNOWLEDGE_ITEMS_MAX, 'KNOWLEDGE_TOO_MANY_ITEMS'),
  })
  .strict()
  .refine((input) => input.closes_on >= input.opens_on, {
    message: 'KNOWLEDGE_CLOSES_BEFORE_OPENS',
    path: ['closes_on'],
  })
  .refine(
    (input) => new Set(input.items.map((item) => item.name.toLowerCase())).size === input.items.length,
    { message: 'KNOWLEDGE_ITEM_REPEATED', path: ['items'] },
  );
export type KnowledgeFormInputBody = z.input<typeof KnowledgeFormInputSchema>;
export type KnowledgeFormInput = z.infer<typeof KnowledgeFormInputSchema>;

export const KnowledgeItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type KnowledgeItem = z.infer<typeof KnowledgeItemSchema>;

const audience = {
  year: z.number().int().nullable(),
  semester: z.string().nullable(),
  section: z.string().nullable(),
  group: z.string().nullable(),
};

/** A form as its managers see it. */
export const KnowledgeFormSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  ...audience,
  opens_on: z.string(),
  closes_on: z.string(),
  state: z.enum(KNOWLEDGE_STATES),
  /** In the order the form lists them. */
  items: z.array(KnowledgeItemSchema),
  created_by: z.number().int(),
  created_by_name: z.string(),
  /** People who answered. */
  respondents: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KnowledgeForm = z.infer<typeof KnowledgeFormSchema>;
export const KnowledgeFormResponseSchema = z.object({ data: KnowledgeFormSchema });
export const KnowledgeFormListResponseSchema = z.object({
  data: z.array(KnowledgeFormSchema),
  /** Today, the server's day the states are computed on. */
  today: z.string(),
});

export const KnowledgeAnswerSchema = z.object({
  item_id: z.number().int(),
  rating: z.number().int(),
  comment: z.string(),
});
export type KnowledgeAnswer = z.infer<typeof KnowledgeAnswerSchema>;

/** A form as a person of its audience sees it, with their answers (empty before answering). */
export const MyKnowledgeFormSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  opens_on: z.string(),
  closes_on: z.string(),
  state: z.enum(KNOWLEDGE_STATES),
  items: z.array(KnowledgeItemSchema),
  answers: z.array(KnowledgeAnswerSchema),
  /** When the caller last saved their answers, or null. */
  answered_at: z.string().nullable(),
});
export type MyKnowledgeForm = z.infer<typeof MyKnowledgeFormSchema>;
export const MyKnowledgeFormResponseSchema = z.object({ data: MyKnowledgeFormSchema });
export const MyKnowledgeFormListResponseSchema = z.object({
  data: z.array(MyKnowledgeFormSchema),
  today: z.string(),
});

export const KnowledgeRatingSchema = z
  .number('KNOWLEDGE_RATING_NOT_VALID')
  .int('KNOWLEDGE_RATING_NOT_VALID')
  .min(KNOWLEDGE_RATING_MIN, 'KNOWLEDGE_RATING_NOT_VALID')
  .max(KNOWLEDGE_RATING_MAX, 'KNOWLEDGE_RATING_NOT_VALID');

/** PUT /api/me/knowledge_forms/:id/answers: every item once; replaces the caller's answers. */
export const KnowledgeAnswersInputSchema = z
  .object({
    answers: z
      .array(
        z
          .object({
            item_id: IdSchema,
            rating: KnowledgeRatingSchema,
            comment: text(KNOWLEDGE_COMMENT_MAX_LENGTH).default(''),
          })
          .strict(),
        'KNOWLEDGE_ANSWERS_INCOMPLETE',
      )
      .min(1, 'KNOWLEDGE_ANSWERS_INCOMPLETE')
      .max(KNOWLEDGE_ITEMS_MAX, 'KNOWLEDGE_ITEM_NOT_VALID'),
  })
  .strict();
export type KnowledgeAnswersInputBody = z.input<typeof KnowledgeAnswersInputSchema>;
export type KnowledgeAnswersInput = z.infer<typeof KnowledgeAnswersInputSchema>;

/** GET /api/knowledge_forms/:id/answers?section=&group= */
export const KnowledgeAnswersQuerySchema = z.object({
  section: z.string().max(SHORT_TEXT_MAX_LENGTH).optional(),
  group: z.string().max(SHORT_TEXT_MAX_LENGTH).optional(),
});
export type KnowledgeAnswersQuery = z.infer<typeof KnowledgeAnswersQuerySchema>;

export const KnowledgeRespondentSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** Their profile's section and group now. */
  section: z.string().nullable(),
  group: z.string().nullable(),
  answered_at: z.string(),
  /** One per item of the form, in its order (null for an item added after they answered). */
  answers: z.array(
    z.object({ item_id: z.number().int(), rating: z.number().int().nullable(), comment: z.string() }),
  ),
});
export type KnowledgeRespondent = z.infer<typeof KnowledgeRespondentSchema>;

export const KnowledgeItemDistributionSchema = z.object({
  item_id: z.number().int(),
  name: z.string(),
  /** How many rated it 1, 2, 3, 4, 5 (index 0 is rating 1). */
  counts: z.array(z.number().int()).length(5),
  /** Ratings given. */
  total: z.number().int(),
  /** null without ratings. */
  average: z.number().nullable(),
});
export type KnowledgeItemDistribution = z.infer<typeof KnowledgeItemDistributionSchema>;

export const KnowledgeResultsSchema = z.object({
  form: KnowledgeFormSchema,
  /** The sections and groups of everyone who answered (the filters' choices). */
  sections: z.array(z.string()),
  groups: z.array(z.string()),
  /** The respondents the filters keep, by name. */
  respondents: z.array(KnowledgeRespondentSchema),
  /** Over the respondents the filters keep. */
  distribution: z.array(KnowledgeItemDistributionSchema),
});
export type KnowledgeResults = z.infer<typeof KnowledgeResultsSchema>;
export const KnowledgeResultsResponseSchema = z.object({ data: KnowledgeResultsSchema });

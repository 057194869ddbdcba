import { z } from 'zod';
import { LanguageSchema } from './auth.js';
import { MAX_TAGS_PER_LESSON } from './constants.js';

export const LESSON_TITLE_MAX_LENGTH = 150;
export const LESSON_TEXT_MAX_LENGTH = 10_000;
export const LESSON_TAG_MAX_LENGTH = 30;
export const LESSON_REASON_MAX_LENGTH = 500;
export const LESSON_SEARCH_QUERY_MAX_LENGTH = 200;
export const LESSON_SEARCH_PAGE_SIZE = 10;
export const LESSON_SEARCH_MAX_PAGE_SIZE = 50;

/**
 * Where a lesson stands (docs/product.md, Lessons learned; docs/decisions.md, Lessons):
 * - draft: saved by its author, visible to the author and the project only;
 * - pending: sent for approval, waiting in the admins' queue (still editable by the author);
 * - published: approved by an admin, searchable by every signed-in user;
 * - disapproved: refused with a reason the author reads; editing and sending again makes it pending.
 * A published lesson with enough abuse reports is `hidden` until an admin restores or unpublishes it.
 */
export const LESSON_STATUSES = ['draft', 'pending', 'published', 'disapproved'] as const;
export const LessonStatusSchema = z.enum(LESSON_STATUSES);
export type LessonStatus = z.infer<typeof LessonStatusSchema>;

/**
 * A tag as stored: trimmed, lower case, inner spaces collapsed. Two tags that normalize alike are
 * the same tag (TAG_REPEATED).
 */
export function normalizeTag(tag: string): string {
  return tag.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Letters of any language, digits, spaces and the marks of tool names (c++, c#, node.js, ci/cd). */
const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} .+#/_-]*$/u;

export const LessonTagSchema = z
  .string()
  .transform(normalizeTag)
  .pipe(
    z
      .string()
      .min(1, 'TAG_NOT_VALID')
      .max(LESSON_TAG_MAX_LENGTH, 'TAG_NOT_VALID')
      .regex(TAG_PATTERN, 'TAG_NOT_VALID'),
  );

/** docs/spec.md §5: at least one tag, at most 5, none repeated. */
export const LessonTagsSchema = z
  .array(LessonTagSchema)
  .min(1, 'TAGS_REQUIRED')
  .max(MAX_TAGS_PER_LESSON, 'TOO_MANY_TAGS')
  .refine((tags) => new Set(tags).size === tags.length, 'TAG_REPEATED');

const requiredText = (max: number) => z.string().trim().min(1, 'TEXT_REQUIRED').max(max, 'TEXT_TOO_LONG');

const lessonFields = {
  title: requiredText(LESSON_TITLE_MAX_LENGTH),
  /** Markdown; clients render it without raw HTML. */
  problem: requiredText(LESSON_TEXT_MAX_LENGTH),
  /** Markdown; clients render it without raw HTML. */
  solution: requiredText(LESSON_TEXT_MAX_LENGTH),
  tags: LessonTagsSchema,
  language: LanguageSchema,
};

/**
 * POST /api/projects/:id/lessons. `submit: true` sends it for approval at once (pending); otherwise
 * it is saved as a draft. No field may be empty (docs/spec.md §5).
 */
export const CreateLessonInputSchema = z.object({ ...lessonFields, submit: z.boolean().optional() }).strict();
export type CreateLessonInput = z.infer<typeof CreateLessonInputSchema>;

/**
 * PUT /api/lessons/:id, by its author while it is not published. Fields not sent keep their value;
 * `submit: true` sends it for approval, `submit: false` takes it back to draft, absent keeps the status
 * (a disapproved lesson stays disapproved until it is sent again).
 */
export const UpdateLessonInputSchema = z
  .object({
    title: lessonFields.title.optional(),
    problem: lessonFields.problem.optional(),
    solution: lessonFields.solution.optional(),
    tags: lessonFields.tags.optional(),
    language: lessonFields.language.optional(),
    submit: z.boolean().optional(),
  })
  .strict();
export type UpdateLessonInput = z.infer<typeof UpdateLessonInputSchema>;

/** POST /api/lessons/:id/disapprove and /unpublish (admins): the reason the author reads. */
export const LessonReasonInputSchema = z.object({ reason: requiredText(LESSON_REASON_MAX_LENGTH) }).strict();
export type LessonReasonInput = z.infer<typeof LessonReasonInputSchema>;

/** POST /api/lessons/:id/abuse: once per user; the reason is optional. */
export const LessonAbuseInputSchema = z
  .object({ reason: z.string().trim().max(LESSON_REASON_MAX_LENGTH, 'TEXT_TOO_LONG').optional() })
  .strict();
export type LessonAbuseInput = z.infer<typeof LessonAbuseInputSchema>;

const LessonAuthorSchema = z.object({ user_id: z.number().int(), name: z.string() }).nullable();

/** What a list shows of a lesson (search results, my lessons, a project's lessons, the queue). */
export const LessonSummarySchema = z.object({
  lesson_id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  language: LanguageSchema,
  status: LessonStatusSchema,
  /** docs/spec.md §3 `published`: status is 'published' (hidden or not). */
  published: z.boolean(),
  /** Hidden from search and other projects by abuse reports until an admin reviews it. */
  hidden: z.boolean(),
  votes: z.number().int(),
  views: z.number().int(),
  /** docs/spec.md §3 `abuse`: how many users reported it since its last review. */
  abuse: z.number().int(),
  author: LessonAuthorSchema,
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
});
export type LessonSummary = z.infer<typeof LessonSummarySchema>;

/** docs/spec.md §3 Lesson, with what the caller may do with it. */
export const LessonSchema = LessonSummarySchema.extend({
  problem: z.string(),
  solution: z.string(),
  /** Set when an admin disapproved or unpublished it; the author reads it. */
  review_reason: z.string().nullable(),
  /** The caller's own vote and abuse report. */
  voted: z.boolean(),
  reported: z.boolean(),
  /** The caller is its author and it is not published. */
  can_edit: z.boolean(),
  /** The caller wrote it: an author neither votes for nor reports their own lesson. */
  is_author: z.boolean(),
});
export type Lesson = z.infer<typeof LessonSchema>;

export const LessonResponseSchema = z.object({ data: LessonSchema });
export const LessonListResponseSchema = z.object({ data: z.array(LessonSummarySchema) });

/** A piece of text, marked when it matched the query (rendered as text, never as HTML). */
export const TextSegmentSchema = z.object({ text: z.string(), match: z.boolean() });
export type TextSegment = z.infer<typeof TextSegmentSchema>;

export const LessonSearchHitSchema = z.object({
  lesson: LessonSummarySchema,
  score: z.number(),
  /** The title and the best passage of the problem or solution, split at the matched words. */
  title: z.array(TextSegmentSchema),
  snippet: z.array(TextSegmentSchema),
  /** The share of the question's meaning (its rarer words weigh more) the lesson covers, 0–1; 0 when browsing. */
  coverage: z.number(),
});
export type LessonSearchHit = z.infer<typeof LessonSearchHitSchema>;

const commaList = z
  .string()
  .max(LESSON_TAG_MAX_LENGTH * 10, 'FIELD_NOT_VALID')
  .transform((value) => value.split(',').map(normalizeTag).filter(Boolean));

/**
 * GET /api/lessons/search?q=&tags=a,b&language=es&page=1&page_size=10 — published lessons of every
 * project; every tag given must be on the lesson. An empty query lists them by votes, newest first.
 */
export const LessonSearchQuerySchema = z
  .object({
    q: z.string().max(LESSON_SEARCH_QUERY_MAX_LENGTH, 'TEXT_TOO_LONG').optional(),
    tags: commaList.optional(),
    language: LanguageSchema.optional(),
    page: z.coerce
      .number('NUMBER_NOT_VALID')
      .int('NUMBER_NOT_VALID')
      .min(1, 'NUMBER_NOT_VALID')
      .max(1000, 'NUMBER_NOT_VALID')
      .optional(),
    page_size: z.coerce
      .number('NUMBER_NOT_VALID')
      .int('NUMBER_NOT_VALID')
      .min(1, 'NUMBER_NOT_VALID')
      .max(LESSON_SEARCH_MAX_PAGE_SIZE, 'NUMBER_NOT_VALID')
      .optional(),
  })
  .strict();
export type LessonSearchQuery = z.infer<typeof LessonSearchQuerySchema>;

export const LessonSearchResponseSchema = z.object({
  /** When `none_fits`, `data` holds only the closest lessons, none of which answers the question. */
  data: z.array(LessonSearchHitSchema),
  /** No lesson covers enough of the question to answer it (docs/api-assistant.md, Ranking and its limits). */
  none_fits: z.boolean(),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type LessonSearchResponse = z.infer<typeof LessonSearchResponseSchema>;

/**
 * GET /api/lessons/review?state=pending|hidden|reported (admins): the approval queue, the lessons
 * hidden by reports, or the published ones reported but still shown.
 */
export const LESSON_REVIEW_STATES = ['pending', 'hidden', 'reported'] as const;
export type LessonReviewState = (typeof LESSON_REVIEW_STATES)[number];
export const LessonReviewQuerySchema = z
  .object({ state: z.enum(LESSON_REVIEW_STATES, 'FIELD_NOT_VALID').optional() })
  .strict();

/**
 * Moderation (docs/decisions.md, Lessons: who can hide a lesson). A report counts toward hiding only
 * when its reporter had standing when they sent it: a confirmed account at least
 * LESSON_REPORTER_MIN_ACCOUNT_AGE_DAYS old, member of a project with at least
 * LESSON_REPORTER_MIN_TEAM_SIZE members (a real team, not a project of one). A lesson is hidden when
 * at least the server's threshold of reports count (LESSON_ABUSE_THRESHOLD, 3 by default) and the
 * counting reporters are not all members of one same project. Every report is kept for the admins.
 */
export const LESSON_REPORTER_MIN_ACCOUNT_AGE_DAYS = 7;
export const LESSON_REPORTER_MIN_TEAM_SIZE = 2;

/**
 * Why a report does not count toward hiding: its author reported it (before authors were refused),
 * the account was not confirmed, or younger than the minimum age, when it reported, or it is in no
 * project with another member.
 */
export const LESSON_REPORT_EXCLUSIONS = ['AUTHOR', 'UNCONFIRMED', 'ACCOUNT_TOO_NEW', 'NO_TEAM'] as const;
export const LessonReportExclusionSchema = z.enum(LESSON_REPORT_EXCLUSIONS);
export type LessonReportExclusion = z.infer<typeof LessonReportExclusionSchema>;

export const LessonReportSchema = z.object({
  reporter: z.object({ user_id: z.number().int(), name: z.string(), email: z.string() }),
  created_at: z.string(),
  reason: z.string().nullable(),
  counts: z.boolean(),
  /** Null when it counts. */
  not_counted_because: LessonReportExclusionSchema.nullable(),
});
export type LessonReport = z.infer<typeof LessonReportSchema>;

/** GET /api/lessons/:id/reports (admins): who reported the lesson, and whether that hides it. */
export const LessonReportsSchema = z.object({
  lesson_id: z.number().int(),
  hidden: z.boolean(),
  /** How many counting reports hide a lesson (the server's LESSON_ABUSE_THRESHOLD). */
  threshold: z.number().int(),
  counting: z.number().int(),
  /** The project every counting reporter is a member of, when there is one: then they do not hide it. */
  shared_project: z.object({ project_id: z.number().int(), name: z.string() }).nullable(),
  /** Oldest first. */
  reports: z.array(LessonReportSchema),
});
export type LessonReports = z.infer<typeof LessonReportsSchema>;
export const LessonReportsResponseSchema = z.object({ data: LessonReportsSchema });

/** GET /api/lessons/review/count (admins): the dashboard menu's badge. */
export const LessonReviewCountResponseSchema = z.object({
  data: z.object({ pending: z.number().int(), hidden: z.number().int() }),
});

/** GET /api/lesson_tags?q= — tags in use (published lessons and the caller's own), for autocomplete. */
export const LessonTagQuerySchema = z
  .object({ q: z.string().max(LESSON_TAG_MAX_LENGTH, 'TEXT_TOO_LONG').optional() })
  .strict();
export const LessonTagListResponseSchema = z.object({ data: z.array(z.string()) });

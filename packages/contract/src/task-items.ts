import { z } from 'zod';
import { DateSchema } from './milestones.js';
import { HoursSchema } from './tasks.js';

export const COMMENT_MAX_LENGTH = 10_000;
export const CHECKLIST_TEXT_MAX_LENGTH = 500;

/** SPEC §3 Hour: one report of hours on a task for a date. */
export const HourSchema = z.object({
  id: z.number().int(),
  hours: z.number(),
  date: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  task_id: z.number().int(),
  created_at: z.string(),
});
export type Hour = z.infer<typeof HourSchema>;
export const HourListResponseSchema = z.object({ data: z.array(HourSchema) });
export const HourResponseSchema = z.object({ data: HourSchema });

/** POST /api/tasks/:id/hours (own hours) and PUT /api/hours/:id. */
export const CreateHourInputSchema = z.object({ hours: HoursSchema, date: DateSchema }).strict();
export type CreateHourInput = z.infer<typeof CreateHourInputSchema>;
export const UpdateHourInputSchema = z
  .object({ hours: HoursSchema.optional(), date: DateSchema.optional() })
  .strict();
export type UpdateHourInput = z.infer<typeof UpdateHourInputSchema>;

/** SPEC §3 Comment. `text` is Markdown; clients render it without raw HTML. */
export const CommentSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  user_image: z.string().nullable(),
  task_id: z.number().int(),
});
export type Comment = z.infer<typeof CommentSchema>;
export const CommentListResponseSchema = z.object({ data: z.array(CommentSchema) });
export const CommentResponseSchema = z.object({ data: CommentSchema });
export const CommentInputSchema = z
  .object({ text: z.string().trim().min(1, 'TEXT_REQUIRED').max(COMMENT_MAX_LENGTH, 'TEXT_TOO_LONG') })
  .strict();
export type CommentInput = z.infer<typeof CommentInputSchema>;

/** SPEC §3 Checklist item. */
export const CHECKLIST_STATUSES = ['pending', 'done'] as const;
export const ChecklistItemSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  status: z.enum(CHECKLIST_STATUSES),
  position: z.number(),
  created_at: z.string(),
  task_id: z.number().int(),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;
export const ChecklistResponseSchema = z.object({ data: z.array(ChecklistItemSchema) });
export const ChecklistItemResponseSchema = z.object({ data: ChecklistItemSchema });
const ChecklistTextSchema = z
  .string()
  .trim()
  .min(1, 'TEXT_REQUIRED')
  .max(CHECKLIST_TEXT_MAX_LENGTH, 'TEXT_TOO_LONG');
export const CreateChecklistItemInputSchema = z.object({ text: ChecklistTextSchema }).strict();
export type CreateChecklistItemInput = z.infer<typeof CreateChecklistItemInputSchema>;
export const UpdateChecklistItemInputSchema = z
  .object({
    text: ChecklistTextSchema.optional(),
    status: z.enum(CHECKLIST_STATUSES).optional(),
    position: z.number().finite().optional(),
  })
  .strict();
export type UpdateChecklistItemInput = z.infer<typeof UpdateChecklistItemInputSchema>;

/** Attachments: 25 MB by default (server-configurable). Type decided by content, not by name. */
export const ATTACHMENT_DEFAULT_MAX_BYTES = 25 * 1024 * 1024;

/**
 * SPEC §3 Attachment. `url` and `thumbnail_url` are signed, time-limited links (an `<img>` or a
 * download link cannot send token headers); the file is served with a download disposition.
 */
export const AttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  task_id: z.number().int(),
  user_id: z.number().int(),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;
export const AttachmentListResponseSchema = z.object({ data: z.array(AttachmentSchema) });
export const AttachmentResponseSchema = z.object({ data: AttachmentSchema });

import { z } from 'zod';

export const COMMENT_MAX_LENGTH = 10_000;

/** docs/spec.md §3 Comment. `text` is Markdown; clients render it without raw HTML. */
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

import { z } from 'zod';

/** Attachments: 25 MB by default (server-configurable). Type decided by content, not by name. */
export const ATTACHMENT_DEFAULT_MAX_BYTES = 25 * 1024 * 1024;

/**
 * docs/spec.md §3 Attachment. `url` and `thumbnail_url` are signed, time-limited links (an `<img>` or a
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

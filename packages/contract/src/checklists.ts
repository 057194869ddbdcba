import { z } from 'zod';
import { SortKeySchema } from './ids.js';

export const CHECKLIST_TEXT_MAX_LENGTH = 500;

/** docs/spec.md §3 Checklist item. */
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
    position: SortKeySchema.optional(),
  })
  .strict();
export type UpdateChecklistItemInput = z.infer<typeof UpdateChecklistItemInputSchema>;

import { z } from 'zod';

export const LABEL_NAME_MAX_LENGTH = 50;
/** `#rrggbb` */
export const LabelColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'COLOR_NOT_VALID');

/** docs/spec.md §3 Label: belongs to a project; boards offer some of them; tasks carry their ids. */
export const LabelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  project_id: z.number().int(),
});
export type Label = z.infer<typeof LabelSchema>;

export const LabelListResponseSchema = z.object({ data: z.array(LabelSchema) });
export const LabelResponseSchema = z.object({ data: LabelSchema });

const LabelNameSchema = z.string().trim().min(1, 'NAME_REQUIRED').max(LABEL_NAME_MAX_LENGTH, 'TEXT_TOO_LONG');

/** POST /api/projects/:id/labels */
export const CreateLabelInputSchema = z.object({ name: LabelNameSchema, color: LabelColorSchema }).strict();
export type CreateLabelInput = z.infer<typeof CreateLabelInputSchema>;

/** PUT /api/labels/:id */
export const UpdateLabelInputSchema = z
  .object({ name: LabelNameSchema.optional(), color: LabelColorSchema.optional() })
  .strict();
export type UpdateLabelInput = z.infer<typeof UpdateLabelInputSchema>;

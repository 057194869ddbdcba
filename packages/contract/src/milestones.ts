import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants.js';

/** A calendar date, `YYYY-MM-DD` (docs/product.md API conventions). */
export const DateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'DATE_NOT_VALID')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'DATE_NOT_VALID',
  );

/**
 * docs/spec.md §3 Milestone, with its SPEC field names. A sprint is a milestone with `sprint: true`.
 * The deadline must not precede the start date (docs/product.md; the SPEC's wording is inverted).
 */
export const MilestoneSchema = z.object({
  milestone_id: z.number().int(),
  milestone_name: z.string(),
  project_id: z.number().int(),
  start_date: z.string(),
  deadline: z.string(),
  sprint: z.boolean(),
});
export type Milestone = z.infer<typeof MilestoneSchema>;

export const MilestoneListResponseSchema = z.object({ data: z.array(MilestoneSchema) });
export const MilestoneResponseSchema = z.object({ data: MilestoneSchema });

const MilestoneNameSchema = z.string().trim().min(1, 'NAME_REQUIRED').max(NAME_MAX_LENGTH, 'TEXT_TOO_LONG');

const deadlineNotBeforeStart = (input: { start_date?: string; deadline?: string }) =>
  input.start_date === undefined || input.deadline === undefined || input.deadline >= input.start_date;

/** POST /api/projects/:id/milestones */
export const CreateMilestoneInputSchema = z
  .object({
    milestone_name: MilestoneNameSchema,
    start_date: DateSchema,
    deadline: DateSchema,
    sprint: z.boolean().optional(),
  })
  .strict()
  .refine(deadlineNotBeforeStart, { message: 'DEADLINE_BEFORE_START', path: ['deadline'] });
export type CreateMilestoneInput = z.infer<typeof CreateMilestoneInputSchema>;

/** PUT /api/milestones/:id — the merged dates are checked again on the server. */
export const UpdateMilestoneInputSchema = z
  .object({
    milestone_name: MilestoneNameSchema.optional(),
    start_date: DateSchema.optional(),
    deadline: DateSchema.optional(),
    sprint: z.boolean().optional(),
  })
  .strict()
  .refine(deadlineNotBeforeStart, { message: 'DEADLINE_BEFORE_START', path: ['deadline'] });
export type UpdateMilestoneInput = z.infer<typeof UpdateMilestoneInputSchema>;

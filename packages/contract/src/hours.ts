import { z } from 'zod';
import { DateSchema } from './milestones.js';
import { HoursSchema } from './tasks.js';

/** docs/spec.md §3 Hour: one report of hours on a task for a date. */
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

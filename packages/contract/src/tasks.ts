import { z } from 'zod';
import { IdSchema } from './ids.js';
import { DateSchema } from './milestones.js';

export const TASK_TITLE_MAX_LENGTH = 200;
export const TASK_DESCRIPTION_MAX_LENGTH = 20_000;
export const BLOCKED_REASON_MAX_LENGTH = 1000;
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const TaskPrioritySchema = z.enum(TASK_PRIORITIES, 'PRIORITY_NOT_VALID');
export type TaskPriority = z.infer<typeof TaskPrioritySchema>;

/** Hours: digits and one decimal point on the client; positive and at most 24 per entry. */
export const HoursSchema = z
  .number('HOURS_NOT_VALID')
  .finite('HOURS_NOT_VALID')
  .gt(0, 'HOURS_NOT_VALID')
  .max(24, 'HOURS_NOT_VALID');

/** docs/spec.md §3 Task commit link. */
export const TaskCommitSchema = z.object({ id: z.number().int(), message: z.string(), url: z.string() });

/**
 * A task as a board card (docs/spec.md §3 Task): what the board view needs, nothing more. `labels` are
 * label ids, `assigned` user ids. `position` is a fractional sort key inside `column_id`.
 */
export const TaskSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  position: z.number(),
  is_archived: z.boolean(),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  labels: z.array(z.number().int()),
  assigned: z.array(z.number().int()),
  column_id: z.number().int(),
  total_hours: z.number(),
  priority: TaskPrioritySchema.nullable(),
  deadline: z.string().nullable(),
  milestone_id: z.number().int().nullable(),
  is_blocked: z.boolean(),
  checklist_total: z.number().int(),
  checklist_done: z.number().int(),
  comments_count: z.number().int(),
  attachments_count: z.number().int(),
  commit: TaskCommitSchema.nullable(),
});
export type TaskSummary = z.infer<typeof TaskSummarySchema>;

/** GET /api/tasks/:id — the card plus every field of the task detail (docs/spec.md §2). */
export const TaskDetailSchema = TaskSummarySchema.extend({
  description: z.string(),
  starting_date: z.string().nullable(),
  expected_hours: z.number().nullable(),
  blocked_reason: z.string().nullable(),
  board_id: z.number().int(),
  project_id: z.number().int(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

export const TaskResponseSchema = z.object({ data: TaskDetailSchema });
export const TaskSummaryListResponseSchema = z.object({ data: z.array(TaskSummarySchema) });

const TitleSchema = z.string().trim().min(1, 'NAME_REQUIRED').max(TASK_TITLE_MAX_LENGTH, 'TEXT_TOO_LONG');

/** POST /api/columns/:id/tasks — appended at the end of the column. */
export const CreateTaskInputSchema = z.object({ title: TitleSchema }).strict();
export type CreateTaskInput = z.infer<typeof CreateTaskInputSchema>;

/**
 * PUT /api/tasks/:id — any subset of the editable fields. `assigned` and `labels` replace the
 * task's lists (ids must be project members / project labels). Each change lands in the task log.
 */
export const UpdateTaskInputSchema = z
  .object({
    title: TitleSchema.optional(),
    description: z.string().max(TASK_DESCRIPTION_MAX_LENGTH, 'TEXT_TOO_LONG').optional(),
    assigned: z.array(IdSchema).max(50).optional(),
    labels: z.array(IdSchema).max(50).optional(),
    milestone_id: IdSchema.nullable().optional(),
    deadline: DateSchema.nullable().optional(),
    starting_date: DateSchema.nullable().optional(),
    is_blocked: z.boolean().optional(),
    blocked_reason: z.string().trim().max(BLOCKED_REASON_MAX_LENGTH, 'TEXT_TOO_LONG').nullable().optional(),
    expected_hours: z
      .number()
      .finite()
      .min(0, 'HOURS_NOT_VALID')
      .max(10_000, 'HOURS_NOT_VALID')
      .nullable()
      .optional(),
    priority: TaskPrioritySchema.nullable().optional(),
    completed: z.boolean().optional(),
    is_archived: z.boolean().optional(),
  })
  .strict();
export type UpdateTaskInput = z.infer<typeof UpdateTaskInputSchema>;

/**
 * POST /api/tasks/:id/move — into `column_id` (same board), between the tasks `after_id` (above)
 * and `before_id` (below); null/omitted means the column's start or end. The server computes the
 * position inside one transaction, so concurrent moves never collide or renumber a column.
 */
export const MoveTaskInputSchema = z
  .object({
    column_id: IdSchema,
    after_id: IdSchema.nullable().optional(),
    before_id: IdSchema.nullable().optional(),
  })
  .strict();
export type MoveTaskInput = z.infer<typeof MoveTaskInputSchema>;

/** GET /api/boards/:id/tasks?q=&archived= — search (title, description, label name, member name) or the archived list. */
export const TaskSearchQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  archived: z.enum(['true', 'false']).optional(),
});

/** One entry of a task's log (docs/spec.md §2 logs sub-panel): who changed which field from what to what. */
export const TaskLogSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  /** `created`, `moved`, or the name of the changed field (`title`, `assigned`, …). */
  field: z.string(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  created_at: z.string(),
});
export type TaskLog = z.infer<typeof TaskLogSchema>;
export const TaskLogListResponseSchema = z.object({ data: z.array(TaskLogSchema) });

/** POST /api/tasks/:id/commits — link a commit by hand (docs/spec.md §4: a commit link can be set or cleared). */
export const LinkCommitInputSchema = z
  .object({
    message: z.string().trim().min(1, 'TEXT_REQUIRED').max(500, 'TEXT_TOO_LONG'),
    url: z
      .url('URL_NOT_VALID')
      .max(2000, 'TEXT_TOO_LONG')
      .refine((u) => /^https?:\/\//.test(u), 'URL_NOT_VALID'),
  })
  .strict();
export type LinkCommitInput = z.infer<typeof LinkCommitInputSchema>;

import { z } from 'zod';
import { ProjectRoleSchema } from './permissions.js';

export const ACTIVITY_PAGE_DEFAULT_LIMIT = 20;
export const ACTIVITY_PAGE_MAX_LIMIT = 100;

/** What happened; the web app words each kind in the reader's language. */
export const ACTIVITY_KINDS = [
  'project.created',
  'project.updated',
  'project.joined',
  'invitation.sent',
  'invitation.rejected',
  'member.role_changed',
  'member.removed',
  'member.quit',
  'board.created',
  'board.deleted',
  'milestone.created',
  'task.completed',
  'column.completed',
] as const;
export const ActivityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof ActivityKindSchema>;

/**
 * One entry of the Home activity feed. The feed of a user holds what happened in the projects they
 * belong to, plus what was done to them (e.g. being removed). Names are copied at the time of the
 * event, so the feed still reads right after a rename or a removal.
 */
export const ActivitySchema = z.object({
  id: z.number().int(),
  kind: ActivityKindSchema,
  actor_id: z.number().int().nullable(),
  actor_name: z.string(),
  project_id: z.number().int().nullable(),
  project_name: z.string(),
  /** The other person involved (invitee, member whose role changed), when there is one. */
  subject_name: z.string().nullable(),
  role: ProjectRoleSchema.nullable(),
  created_at: z.string(),
});
export type Activity = z.infer<typeof ActivitySchema>;

/** GET /api/activity?limit=&cursor= — newest first; pass `next_cursor` back for the next page. */
export const ActivityPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX_LIMIT).default(ACTIVITY_PAGE_DEFAULT_LIMIT),
  cursor: z.string().max(100).optional(),
});
export const ActivityPageResponseSchema = z.object({
  data: z.array(ActivitySchema),
  next_cursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPageResponseSchema>;

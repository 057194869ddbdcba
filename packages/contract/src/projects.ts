import { z } from 'zod';
import { IdSchema, SortKeySchema } from './ids.js';
import { NAME_MAX_LENGTH } from './constants.js';
import { ProjectRoleSchema } from './permissions.js';

export const PROJECT_DESCRIPTION_MAX_LENGTH = 2000;

/** A member of a project as lists show it (docs/spec.md §3 Member). `id` is the user id. */
export const MemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: ProjectRoleSchema,
  image: z.string().nullable(),
});
export type Member = z.infer<typeof MemberSchema>;

/**
 * A project as the caller sees it (docs/spec.md §3 Project). `role`, `is_favorite`, `folder_id` and `order`
 * belong to the caller: each member files and orders the project independently. `role` is null
 * when a teacher or admin looks at a public project they are not a member of (read-only).
 */
export const ProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  role: ProjectRoleSchema.nullable(),
  has_github: z.boolean(),
  is_private: z.boolean(),
  /** The IANA zone its reports count days in; null: the server's (docs/api-reports.md). */
  time_zone: z.string().nullable(),
  is_favorite: z.boolean(),
  members: z.array(MemberSchema),
  folder_id: z.number().int().nullable(),
  order: z.number(),
  created_at: z.string(),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectListResponseSchema = z.object({ data: z.array(ProjectSchema) });
export const ProjectResponseSchema = z.object({ data: ProjectSchema });

const ProjectNameSchema = z.string().trim().min(1, 'NAME_REQUIRED').max(NAME_MAX_LENGTH, 'TEXT_TOO_LONG');
const DescriptionSchema = z.string().trim().max(PROJECT_DESCRIPTION_MAX_LENGTH, 'TEXT_TOO_LONG');

/** A time zone the runtime knows by its IANA name (`Europe/Madrid`, `America/Bogota`, `UTC`). */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
export const TimeZoneSchema = z
  .string('TIME_ZONE_NOT_VALID')
  .max(64, 'TIME_ZONE_NOT_VALID')
  .refine(isKnownTimeZone, 'TIME_ZONE_NOT_VALID');

/** POST /api/projects — the caller becomes its owner; counts against `max_projects`. */
export const CreateProjectInputSchema = z
  .object({
    name: ProjectNameSchema,
    description: DescriptionSchema.optional(),
    is_private: z.boolean().optional(),
    /** The caller's folder to file it in; the default folder when omitted. */
    folder_id: IdSchema.optional(),
  })
  .strict();
export type CreateProjectInput = z.infer<typeof CreateProjectInputSchema>;

/** PUT /api/projects/:id — owner only. */
export const UpdateProjectInputSchema = z
  .object({
    name: ProjectNameSchema.optional(),
    description: DescriptionSchema.optional(),
    is_private: z.boolean().optional(),
    /** null: count report days in the server's zone again. */
    time_zone: TimeZoneSchema.nullable().optional(),
  })
  .strict();
export type UpdateProjectInput = z.infer<typeof UpdateProjectInputSchema>;

/**
 * PUT /api/projects/:id/placement — the caller's own filing of a project: folder, order, favorite.
 * Any member may change their own placement. `order` is a fractional sort key: to move a project
 * between two others, send a number between theirs (nothing else is renumbered).
 */
export const UpdatePlacementInputSchema = z
  .object({
    folder_id: IdSchema.optional(),
    order: SortKeySchema.optional(),
    is_favorite: z.boolean().optional(),
  })
  .strict();
export type UpdatePlacementInput = z.infer<typeof UpdatePlacementInputSchema>;

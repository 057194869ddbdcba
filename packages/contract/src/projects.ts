import { z } from 'zod';
import { IdSchema, SortKeySchema } from './ids.js';
import { courseSemesterList, NAME_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from './constants.js';
import { ProjectRoleSchema } from './permissions.js';

export const PROJECT_DESCRIPTION_MAX_LENGTH = 2000;

/** A member of a project as lists show it (docs/spec.md §3 Member). `id` is the user id. */
export const MemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: ProjectRoleSchema,
  image: z.string().nullable(),
  /** Counted as the team by default (isTeamWorker): a student account in a working role. */
  is_team_worker: z.boolean(),
});
export type Member = z.infer<typeof MemberSchema>;

/** The four fields that place a project in a course, as the profile names them (docs/api-course-overview.md). */
export const COURSE_FIELDS = ['year', 'semester', 'section', 'group'] as const;
export type CourseField = (typeof COURSE_FIELDS)[number];

/** Where a project sits in a course; each null: not set (docs/api-course-overview.md). */
export const ProjectCourseSchema = z.object({
  year: z.string().nullable(),
  semester: z.string().nullable(),
  section: z.string().nullable(),
  group: z.string().nullable(),
});
export type ProjectCourse = z.infer<typeof ProjectCourseSchema>;

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
  /** Its place in a course, as a roster import or its owner set it (all null: not placed). */
  course: ProjectCourseSchema,
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

/** A course field as an owner types it: trimmed; empty means not set (null). */
const CourseTextSchema = z
  .string('FIELD_NOT_VALID')
  .trim()
  .max(SHORT_TEXT_MAX_LENGTH, 'TEXT_TOO_LONG')
  .transform((value) => (value === '' ? null : value));

/** A semester of the course list (`2018-1` … the next one); empty means not set. */
const CourseSemesterSchema = z
  .string('SEMESTER_NOT_VALID')
  .trim()
  .refine((value) => value === '' || courseSemesterList().includes(value), 'SEMESTER_NOT_VALID')
  .transform((value) => (value === '' ? null : value));

/**
 * The `course` of PUT /api/projects/:id: each field given replaces the stored one (null or '' clears
 * it), a field left out stays as it is. The semester is one of the profile's (`2026-2`).
 */
export const ProjectCourseInputSchema = z
  .object({
    year: CourseTextSchema.nullable().optional(),
    semester: CourseSemesterSchema.nullable().optional(),
    section: CourseTextSchema.nullable().optional(),
    group: CourseTextSchema.nullable().optional(),
  })
  .strict();
export type ProjectCourseInput = z.infer<typeof ProjectCourseInputSchema>;

/** PUT /api/projects/:id — owner only. */
export const UpdateProjectInputSchema = z
  .object({
    name: ProjectNameSchema.optional(),
    description: DescriptionSchema.optional(),
    is_private: z.boolean().optional(),
    /** null: count report days in the server's zone again. */
    time_zone: TimeZoneSchema.nullable().optional(),
    /** Its place in a course; null clears all four fields. */
    course: ProjectCourseInputSchema.nullable().optional(),
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

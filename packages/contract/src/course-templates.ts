import { z } from 'zod';
import { EmailSchema } from './auth.js';
import { CreateBoardInputSchema, CreateColumnInputSchema } from './boards.js';
import { courseSemesterList, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from './constants.js';
import { IdSchema } from './ids.js';
import { CreateLabelInputSchema } from './labels.js';
import { CreateMilestoneInputSchema, DateSchema } from './milestones.js';
import { ProjectRoleSchema } from './permissions.js';

/**
 * Course templates and roster import (docs/api-course-templates.md): a teacher's template of boards,
 * columns, labels and milestones for a course's year and semester, stamped into one team project per
 * team of a roster CSV (email, name, team, section, group[, role]).
 */

/** A template's name leaves room for " · <team>" in a project name (NAME_MAX_LENGTH). */
export const COURSE_TEMPLATE_NAME_MAX_LENGTH = 60;
export const COURSE_TEMPLATE_BOARDS_MAX = 10;
export const COURSE_TEMPLATE_COLUMNS_MAX = 20;
export const COURSE_TEMPLATE_LABELS_MAX = 50;
export const COURSE_TEMPLATE_MILESTONES_MAX = 40;
/** Between a template's name and the team's in a project name ("Software II · Team 3"). */
export const TEAM_PROJECT_NAME_SEPARATOR = ' · ';
export const ROSTER_TEAM_MAX_LENGTH =
  NAME_MAX_LENGTH - COURSE_TEMPLATE_NAME_MAX_LENGTH - TEAM_PROJECT_NAME_SEPARATOR.length;
/** A roster file: at most this many characters and data rows (a course of 2,000 students). */
export const ROSTER_CSV_MAX_LENGTH = 1_000_000;
export const ROSTER_ROWS_MAX = 2000;
export const ROSTER_CO_TEACHERS_MAX = 10;
/** The line errors an answer lists (the count is always complete). */
export const ROSTER_ERRORS_LISTED_MAX = 500;

/** A team project's name: the template's, then the team's. */
export function teamProjectName(templateName: string, team: string): string {
  return `${templateName}${TEAM_PROJECT_NAME_SEPARATOR}${team}`;
}

const TemplateSemesterSchema = z
  .string('SEMESTER_NOT_VALID')
  .refine((value) => courseSemesterList().includes(value), 'SEMESTER_NOT_VALID');
/** Year of study, as the profile's (1..10). */
const TemplateYearSchema = z
  .number('FIELD_NOT_VALID')
  .int('FIELD_NOT_VALID')
  .min(1, 'FIELD_NOT_VALID')
  .max(10, 'FIELD_NOT_VALID');
const TemplateNameSchema = z
  .string('NAME_REQUIRED')
  .trim()
  .min(1, 'NAME_REQUIRED')
  .max(COURSE_TEMPLATE_NAME_MAX_LENGTH, 'TEXT_TOO_LONG');

/** Names compare trimmed and ignoring case. */
const distinctNames = (items: { name: string }[]) =>
  new Set(items.map((item) => item.name.toLowerCase())).size === items.length;

/** A board's columns, as the boards contract validates a column's name. */
export const TemplateColumnSchema = z.object({ name: CreateColumnInputSchema.shape.name }).strict();
export const TemplateBoardSchema = z
  .object({
    name: CreateBoardInputSchema.shape.name,
    columns: z
      .array(TemplateColumnSchema, 'COURSE_TEMPLATE_COLUMNS_REQUIRED')
      .min(1, 'COURSE_TEMPLATE_COLUMNS_REQUIRED')
      .max(COURSE_TEMPLATE_COLUMNS_MAX, 'COURSE_TEMPLATE_TOO_MANY'),
  })
  .strict();
export type TemplateBoard = z.infer<typeof TemplateBoardSchema>;

/** A label, as POST /api/projects/:id/labels takes it. */
export const TemplateLabelSchema = CreateLabelInputSchema;
export type TemplateLabel = z.infer<typeof TemplateLabelSchema>;

/** A milestone on the academic calendar: the milestones contract's name and date rules. */
export const TemplateMilestoneSchema = z
  .object({
    name: CreateMilestoneInputSchema.shape.milestone_name,
    start_date: DateSchema,
    deadline: DateSchema,
    sprint: z.boolean('FIELD_NOT_VALID').default(false),
  })
  .strict()
  .refine((milestone) => milestone.deadline >= milestone.start_date, {
    message: 'DEADLINE_BEFORE_START',
    path: ['deadline'],
  });
export type TemplateMilestone = z.infer<typeof TemplateMilestoneSchema>;

/** What a template stamps into each team project. */
export const CourseTemplateBodySchema = z.object({
  boards: z
    .array(TemplateBoardSchema, 'FIELD_NOT_VALID')
    .max(COURSE_TEMPLATE_BOARDS_MAX, 'COURSE_TEMPLATE_TOO_MANY')
    .refine(distinctNames, 'COURSE_TEMPLATE_NAME_REPEATED')
    .default([]),
  labels: z
    .array(TemplateLabelSchema, 'FIELD_NOT_VALID')
    .max(COURSE_TEMPLATE_LABELS_MAX, 'COURSE_TEMPLATE_TOO_MANY')
    .refine(distinctNames, 'COURSE_TEMPLATE_NAME_REPEATED')
    .default([]),
  milestones: z
    .array(TemplateMilestoneSchema, 'FIELD_NOT_VALID')
    .max(COURSE_TEMPLATE_MILESTONES_MAX, 'COURSE_TEMPLATE_TOO_MANY')
    .refine(distinctNames, 'COURSE_TEMPLATE_NAME_REPEATED')
    .default([]),
});
export type CourseTemplateBody = z.infer<typeof CourseTemplateBodySchema>;

/** POST /api/course_templates and PUT /api/course_templates/:id (the whole template). */
export const CourseTemplateInputSchema = z
  .object({
    name: TemplateNameSchema,
    year: TemplateYearSchema.nullable().default(null),
    semester: TemplateSemesterSchema.nullable().default(null),
    ...CourseTemplateBodySchema.shape,
  })
  .strict();
export type CourseTemplateInputBody = z.input<typeof CourseTemplateInputSchema>;
export type CourseTemplateInput = z.infer<typeof CourseTemplateInputSchema>;

/**
 * POST /api/course_templates/from_project: a new template with a copy of the boards (and their
 * columns), labels and milestones of a project the caller can see. The name defaults to the project's.
 */
export const CourseTemplateFromProjectInputSchema = z
  .object({
    project_id: IdSchema,
    name: TemplateNameSchema.optional(),
    year: TemplateYearSchema.nullable().default(null),
    semester: TemplateSemesterSchema.nullable().default(null),
  })
  .strict();
export type CourseTemplateFromProjectInput = z.infer<typeof CourseTemplateFromProjectInputSchema>;

export const CourseTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  year: z.number().int().nullable(),
  semester: z.string().nullable(),
  boards: z.array(z.object({ name: z.string(), columns: z.array(z.object({ name: z.string() })) })),
  labels: z.array(z.object({ name: z.string(), color: z.string() })),
  milestones: z.array(
    z.object({ name: z.string(), start_date: z.string(), deadline: z.string(), sprint: z.boolean() }),
  ),
  owner_id: z.number().int(),
  owner_name: z.string(),
  /** The team projects its imports made that still exist. */
  projects: z.array(z.object({ id: z.number().int(), name: z.string(), team: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CourseTemplate = z.infer<typeof CourseTemplateSchema>;

export const CourseTemplateResponseSchema = z.object({ data: CourseTemplateSchema });
export const CourseTemplateListResponseSchema = z.object({ data: z.array(CourseTemplateSchema) });

// ----- Roster import -----

/** The roster's columns (their names in the header, English or Spanish: ROSTER_HEADER_NAMES). */
export const ROSTER_COLUMNS = ['email', 'name', 'team', 'section', 'group', 'role'] as const;
export type RosterColumn = (typeof ROSTER_COLUMNS)[number];
export const ROSTER_REQUIRED_COLUMNS: readonly RosterColumn[] = ['email', 'team'];

/**
 * The header names each column is recognized by: compared trimmed, ignoring case and accents
 * ("Sección", "SECCION" and "section" are one column).
 */
export const ROSTER_HEADER_NAMES: Record<RosterColumn, readonly string[]> = {
  email: ['email', 'e-mail', 'mail', 'correo', 'correo electronico', 'correo-e'],
  name: ['name', 'nombre', 'full name', 'nombre completo'],
  team: ['team', 'equipo'],
  section: ['section', 'seccion'],
  group: ['group', 'grupo'],
  role: ['role', 'rol'],
};

/** The role column's values (ignoring case and accents); blank is a member, or the team's owner. */
export const ROSTER_ROLE_VALUES: Record<'owner' | 'member' | 'viewer', readonly string[]> = {
  owner: ['owner', 'propietario', 'propietaria', 'duenio', 'dueno', 'duena'],
  member: ['member', 'miembro'],
  viewer: ['viewer', 'observador', 'observadora', 'lector', 'lectora'],
};

/**
 * POST /api/course_templates/:id/roster. `dry_run` answers the plan (and the lines' errors) and
 * changes nothing; otherwise, with no error, the plan is carried out in one transaction.
 */
export const RosterImportInputSchema = z
  .object({
    /** The CSV text: UTF-8 (a BOM is ignored), `,` or `;` (or tab) separated, a header row first. */
    csv: z.string('FIELD_NOT_VALID').max(ROSTER_CSV_MAX_LENGTH, 'ROSTER_TOO_LARGE'),
    /** Teachers' or admins' addresses, added as viewers of every team project beside the caller. */
    co_teachers: z
      .array(EmailSchema, 'FIELD_NOT_VALID')
      .max(ROSTER_CO_TEACHERS_MAX, 'FIELD_NOT_VALID')
      .default([]),
    dry_run: z.boolean('FIELD_NOT_VALID').default(false),
  })
  .strict();
export type RosterImportInputBody = z.input<typeof RosterImportInputSchema>;
export type RosterImportInput = z.infer<typeof RosterImportInputSchema>;

/** One problem of the file: its line (1 is the header; null: the whole request), column and code. */
export const RosterLineErrorSchema = z.object({
  line: z.number().int().nullable(),
  column: z.string().nullable(),
  code: z.string(),
  /** Values the message names (the other line, the team, the maximum…). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The code's text in the request's language. */
  message: z.string(),
});
export type RosterLineError = z.infer<typeof RosterLineErrorSchema>;

/** invite: a new invitation; invited: one is pending already; member: already in the project. */
export const ROSTER_STUDENT_STATUSES = ['invite', 'invited', 'member'] as const;
export type RosterStudentStatus = (typeof ROSTER_STUDENT_STATUSES)[number];
/** create: a new project; update: its course placement changes; unchanged. */
export const ROSTER_TEAM_STATUSES = ['create', 'update', 'unchanged'] as const;
export type RosterTeamStatus = (typeof ROSTER_TEAM_STATUSES)[number];

export const RosterStudentSchema = z.object({
  line: z.number().int(),
  email: z.string().max(EMAIL_MAX_LENGTH),
  name: z.string(),
  role: ProjectRoleSchema,
  status: z.enum(ROSTER_STUDENT_STATUSES),
});
export type RosterStudent = z.infer<typeof RosterStudentSchema>;

export const RosterTeamSchema = z.object({
  team: z.string().max(SHORT_TEXT_MAX_LENGTH),
  section: z.string().nullable(),
  group: z.string().nullable(),
  /** Its project: null until a real import creates it. */
  project_id: z.number().int().nullable(),
  project_name: z.string(),
  status: z.enum(ROSTER_TEAM_STATUSES),
  /** Staff (the caller and the co-teachers) to add as viewers. */
  viewers_to_add: z.number().int(),
  students: z.array(RosterStudentSchema),
});
export type RosterTeam = z.infer<typeof RosterTeamSchema>;

export const RosterSummarySchema = z.object({
  rows: z.number().int(),
  teams: z.number().int(),
  teams_to_create: z.number().int(),
  teams_to_update: z.number().int(),
  teams_unchanged: z.number().int(),
  invitations_to_send: z.number().int(),
  students_unchanged: z.number().int(),
  viewers_to_add: z.number().int(),
});
export type RosterSummary = z.infer<typeof RosterSummarySchema>;

/** The answer of both a dry run and an import: what is (or was) done, team by team. */
export const RosterPlanSchema = z.object({
  template_id: z.number().int(),
  /** false: a dry run, or refused; true: carried out. */
  applied: z.boolean(),
  /** The separator the file was read with. */
  separator: z.enum([',', ';', '\t']).nullable(),
  summary: RosterSummarySchema,
  teams: z.array(RosterTeamSchema),
  /** Every problem (at most ROSTER_ERRORS_LISTED_MAX listed), in line order; `error_count` counts all. */
  errors: z.array(RosterLineErrorSchema),
  error_count: z.number().int(),
  /**
   * Applied: the addresses invited without a mail, because each already got the hourly most of
   * invitation mails (the invitation waits in their bell); empty otherwise.
   */
  not_mailed: z.array(z.string()),
});
export type RosterPlan = z.infer<typeof RosterPlanSchema>;
export const RosterPlanResponseSchema = z.object({ data: RosterPlanSchema });

/**
 * A refused import: the error shape, plus (422 ROSTER_NOT_VALID) the plan with every line's problem.
 * Other refusals of the route (a body that fails its schema) have no `data`.
 */
export const RosterRefusedResponseSchema = z.object({
  errors: z.array(z.string()).min(1),
  code: z.string(),
  data: RosterPlanSchema.optional(),
});

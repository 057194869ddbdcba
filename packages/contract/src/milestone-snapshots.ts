import { z } from 'zod';
import { BurnReportSchema } from './reports-milestones.js';

/**
 * Milestone snapshots (docs/api-milestone-snapshots.md): when a milestone's deadline day has ended
 * in the project's time zone, its board state, hours, burndown and linked commits are frozen once
 * per deadline, for grading. Nothing edits or deletes a snapshot.
 */

/** The shape of the frozen body; a later shape gets a new number and old bodies keep theirs. */
export const MILESTONE_SNAPSHOT_VERSION = 1;

/** The scheduled job runs this often, so a snapshot lands at most this long after a deadline day ends. */
export const MILESTONE_SNAPSHOT_EVERY_MINUTES = 15;

/** How a snapshot came to be: the scheduled job, or someone opening it before the job ran. */
export const SNAPSHOT_SOURCES = ['schedule', 'open'] as const;
export const SnapshotSourceSchema = z.enum(SNAPSHOT_SOURCES);
export type SnapshotSource = z.infer<typeof SnapshotSourceSchema>;

const PersonSchema = z.object({ user_id: z.number().int(), name: z.string() });

/** A task of the milestone as its card stood. */
export const SnapshotTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  assignees: z.array(PersonSchema),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  expected_hours: z.number().nullable(),
  labels: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
  /** Archived tasks are off the board but still the milestone's (the burndown counts them). */
  archived: z.boolean(),
});
export type SnapshotTask = z.infer<typeof SnapshotTaskSchema>;

export const SnapshotColumnSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Every task on the board in this column (any milestone or none), archived ones left out. */
  task_count: z.number().int(),
  /** The milestone's tasks in this column, in board order. */
  tasks: z.array(SnapshotTaskSchema),
});
export type SnapshotColumn = z.infer<typeof SnapshotColumnSchema>;

export const SnapshotBoardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  columns: z.array(SnapshotColumnSchema),
});
export type SnapshotBoard = z.infer<typeof SnapshotBoardSchema>;

/** Hours whose day falls within the milestone's start date and deadline. */
export const SnapshotHoursSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** Every hour of the project in those days. */
  total: z.number(),
  /** Of those, the hours on the milestone's tasks. */
  milestone_total: z.number(),
  /** The members then, and anyone else who logged hours in those days, by name. */
  members: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string(),
      is_member: z.boolean(),
      hours: z.number(),
      milestone_hours: z.number(),
    }),
  ),
  /** Each milestone task with hours in those days, with who logged them. */
  tasks: z.array(
    z.object({
      task_id: z.number().int(),
      title: z.string(),
      hours: z.number(),
      members: z.array(z.object({ user_id: z.number().int(), hours: z.number() })),
    }),
  ),
});
export type SnapshotHours = z.infer<typeof SnapshotHoursSchema>;

/** A commit linked to one of the milestone's tasks; a commit address linked by hand has no sha or author. */
export const SnapshotCommitSchema = z.object({
  task_id: z.number().int(),
  sha: z.string().nullable(),
  /** The first line of the message. */
  message: z.string(),
  author: z.string().nullable(),
  url: z.string().nullable(),
  committed_at: z.string().nullable(),
});
export type SnapshotCommit = z.infer<typeof SnapshotCommitSchema>;

export const MilestoneSnapshotBodySchema = z.object({
  version: z.literal(MILESTONE_SNAPSHOT_VERSION),
  milestone: z.object({
    milestone_id: z.number().int(),
    name: z.string(),
    start_date: z.string(),
    deadline: z.string(),
    sprint: z.boolean(),
  }),
  /** The zone the days were counted in (the project's, else the server's). */
  time_zone: z.string(),
  boards: z.array(SnapshotBoardSchema),
  hours: SnapshotHoursSchema,
  /** The burndown report as it stood (docs/api-reports.md); null when the milestone is too long to chart. */
  burndown: BurnReportSchema.nullable(),
  commits: z.array(SnapshotCommitSchema),
});
export type MilestoneSnapshotBody = z.infer<typeof MilestoneSnapshotBodySchema>;

export const MilestoneSnapshotSummarySchema = z.object({
  id: z.number().int(),
  /** null: the milestone was deleted afterwards (the snapshot stays, with its name). */
  milestone_id: z.number().int().nullable(),
  project_id: z.number().int(),
  /** The milestone's name when it was frozen. */
  milestone_name: z.string(),
  /** The deadline it was taken for: moving the deadline later yields another snapshot. */
  deadline: z.string(),
  taken_at: z.string(),
  source: SnapshotSourceSchema,
});
export type MilestoneSnapshotSummary = z.infer<typeof MilestoneSnapshotSummarySchema>;

export const MilestoneSnapshotSchema = MilestoneSnapshotSummarySchema.extend({
  body: MilestoneSnapshotBodySchema,
});
export type MilestoneSnapshot = z.infer<typeof MilestoneSnapshotSchema>;

/** GET /api/projects/:id/milestone_snapshots and GET /api/milestones/:id/snapshots */
export const MilestoneSnapshotListResponseSchema = z.object({
  data: z.array(MilestoneSnapshotSummarySchema),
});
/** GET /api/milestone_snapshots/:id */
export const MilestoneSnapshotResponseSchema = z.object({ data: MilestoneSnapshotSchema });

import { z } from 'zod';

/** Dashboard Jobs tab (docs/jobs.md): the background job queue as administrators see it. */

export const JOB_STATES = ['queued', 'running', 'failed'] as const;
export const JobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobStateSchema>;

/** How many jobs of one kind are in one state (a kind with none in a state has no entry for it). */
export const JobCountSchema = z.object({
  kind: z.string(),
  state: JobStateSchema,
  count: z.number().int(),
});
export type JobCount = z.infer<typeof JobCountSchema>;

/** A job that gave up after its last attempt; never its payload (a mail's links are credentials). */
export const FailedJobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** The job's key without its kind (`12` for a repository's sync); a mail's is a random id. */
  key: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  run_after: z.string(),
  updated_at: z.string(),
});
export type FailedJob = z.infer<typeof FailedJobSchema>;

/** How many failed jobs GET /api/admin/jobs lists, newest first. */
export const FAILED_JOBS_LISTED = 50;

/** GET /api/admin/jobs */
export const JobsOverviewResponseSchema = z.object({
  data: z.object({
    counts: z.array(JobCountSchema),
    failed: z.array(FailedJobSchema),
  }),
});
export type JobsOverview = z.infer<typeof JobsOverviewResponseSchema>['data'];

/** POST /api/admin/jobs/:id/retry — the failed job, queued again from its first attempt. */
export const JobRetryResponseSchema = z.object({
  data: z.object({ id: z.number().int(), state: JobStateSchema }),
});

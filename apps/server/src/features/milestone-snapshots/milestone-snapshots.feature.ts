import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import { milestoneSnapshotRoutes } from './milestone-snapshots.routes.js';
import { MilestoneSnapshotsService } from './milestone-snapshots.service.js';
import { MILESTONE_SNAPSHOTS_EVERY_MS, MILESTONE_SNAPSHOTS_JOB, takeDueSnapshots } from './take-snapshots.js';

/** Milestone snapshots (docs/api-milestone-snapshots.md): frozen at each deadline, kept for grading. */
export async function milestoneSnapshotsFeature(app: FastifyInstance, core: AppCore): Promise<void> {
  const { db, clock, log, jobs } = core;
  jobs.every(MILESTONE_SNAPSHOTS_JOB, MILESTONE_SNAPSHOTS_EVERY_MS, async () => {
    const taken = await takeDueSnapshots({ db, clock, log });
    log.info({ job: MILESTONE_SNAPSHOTS_JOB, taken }, 'milestone snapshots taken');
  });
  app.projectResources.register({
    kind: 'milestone-snapshot',
    path: '/api/milestone_snapshots/:id',
    async locate(id) {
      const row = await db
        .selectFrom('milestone_snapshots')
        .select('project_id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { projectId: row.project_id };
    },
  });
  await app.register(milestoneSnapshotRoutes, { snapshots: new MilestoneSnapshotsService({ db, clock }) });
}

import { MilestoneSnapshotListResponseSchema, MilestoneSnapshotResponseSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, projectAccessOf } from '../../access/access.js';
import type { MilestoneSnapshotsService } from './milestone-snapshots.service.js';

const tags = ['milestones'];

/**
 * docs/api-milestone-snapshots.md: readable by whoever sees the project (teachers and admins on a
 * public one, as reports). Reads only: a snapshot is never edited or deleted.
 */
export const milestoneSnapshotRoutes: FastifyPluginAsyncZod<{
  snapshots: MilestoneSnapshotsService;
}> = async (app, { snapshots }) => {
  app.get(
    '/api/projects/:id/milestone_snapshots',
    onId('project.view', {
      tags,
      summary: "The project's milestone snapshots (deleted milestones' included), newest deadline first",
      response: { 200: MilestoneSnapshotListResponseSchema },
    }),
    async (request) => ({ data: await snapshots.listForProject(projectAccessOf(request)) }),
  );

  app.get(
    '/api/milestones/:id/snapshots',
    onId('project.view', {
      tags,
      summary: "A milestone's snapshots, one per deadline; the current deadline's is taken now if due",
      response: { 200: MilestoneSnapshotListResponseSchema },
    }),
    async (request) => ({
      data: await snapshots.listForMilestone(projectAccessOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/milestone_snapshots/:id',
    onId('project.view', {
      tags,
      summary: 'One milestone snapshot with its frozen board, hours, burndown and commits',
      response: { 200: MilestoneSnapshotResponseSchema },
    }),
    async (request) => ({ data: await snapshots.read(projectAccessOf(request), request.params.id) }),
  );
};

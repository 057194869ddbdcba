import type { FastifyInstance } from 'fastify';
import type { AppCore } from '../../app-core.js';
import type { ProjectFolders } from '../folders/folders.service.js';
import { invitationRoutes } from './invitations.routes.js';
import { InvitationsService, type ProjectViews } from './invitations.service.js';

declare module '../../access/resources.js' {
  interface ResourcePolicies {
    /** The caller is the invitee of the invitation `:id` (accept, reject). */
    'invitation.invitee': true;
  }
}

export async function invitationsFeature(
  app: FastifyInstance,
  core: AppCore,
  needs: { folders: ProjectFolders; projects: ProjectViews },
): Promise<void> {
  const { db, clock, mailer, throttle, realtime, config, log } = core;
  const invitations = new InvitationsService({
    database: core.database,
    db,
    clock,
    mailer,
    throttle,
    realtime,
    log,
    appUrl: config.appUrl,
    folders: needs.folders,
    projects: needs.projects,
  });
  // An invitation of a project the caller may not see does not exist for them either.
  app.projectResources.register({
    kind: 'invitation',
    path: '/api/project_invitations/:id',
    notFound: 'INVITATION_NOT_FOUND',
    async locate(id) {
      const row = await invitations.findById(id);
      return row && { projectId: row.project_id, row };
    },
    policies: { 'invitation.invitee': (user, id) => invitations.receivedBy(user, id) },
  });
  await app.register(invitationRoutes, { invitations });
}

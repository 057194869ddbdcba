import {
  AcceptInvitationInputSchema,
  AcceptInvitationResponseSchema,
  CreateInvitationInputSchema,
  MessageResponseSchema,
  ReceivedInvitationListResponseSchema,
  SentInvitationListResponseSchema,
  SentInvitationResponseSchema,
  UpdateInvitationInputSchema,
} from '@teamboard/contract';
import { translate } from '@teamboard/i18n/server';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/language.js';
import { accessedResourceOf, onId, projectAccessOf, signedInRoute } from '../../access/access.js';
import type { InvitationRow, InvitationsService } from './invitations.service.js';

/** The invitation `:id`, found by the access check (access/access-hook.ts). */
function invitationOf(request: FastifyRequest): InvitationRow {
  return accessedResourceOf<InvitationRow>(request);
}

export interface InvitationRoutesOptions {
  invitations: InvitationsService;
}

export const invitationRoutes: FastifyPluginAsyncZod<InvitationRoutesOptions> = async (
  app,
  { invitations },
) => {
  app.get(
    '/api/project_invitations',
    signedInRoute('signed_in', {
      tags: ['invitations'],
      summary: 'Pending invitations to my email',
      response: { 200: ReceivedInvitationListResponseSchema },
    }),
    async (request) => ({ data: await invitations.received(signedIn(request).user) }),
  );

  app.get(
    '/api/projects/:id/invitations',
    onId('members.manage', {
      tags: ['invitations'],
      summary: 'Pending invitations of a project',
      response: { 200: SentInvitationListResponseSchema },
    }),
    async (request) => ({ data: await invitations.sent(projectAccessOf(request).project.id) }),
  );

  app.post(
    '/api/projects/:id/invitations',
    onId('members.manage', {
      tags: ['invitations'],
      summary: 'Invite by email (sending again to the same address updates the invitation)',
      body: CreateInvitationInputSchema,
      response: { 200: SentInvitationResponseSchema, 201: SentInvitationResponseSchema },
    }),
    async (request, reply) => {
      const { invitation, isNew } = await invitations.send(
        signedIn(request).user,
        projectAccessOf(request),
        request.body,
      );
      return reply.code(isNew ? 201 : 200).send({ data: invitation });
    },
  );

  app.put(
    '/api/project_invitations/:id',
    onId('members.manage', {
      tags: ['invitations'],
      summary: 'Change the role of a pending invitation',
      body: UpdateInvitationInputSchema,
      response: { 200: SentInvitationResponseSchema },
    }),
    async (request) => ({ data: await invitations.changeRole(invitationOf(request), request.body.role) }),
  );

  app.delete(
    '/api/project_invitations/:id',
    onId('members.manage', { tags: ['invitations'], summary: 'Delete a pending invitation' }),
    async (request, reply) => {
      await invitations.remove(invitationOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/project_invitations/:id/accept_invitation',
    onId('invitation.invitee', {
      tags: ['invitations'],
      summary: 'Accept an invitation into one of my folders',
      body: AcceptInvitationInputSchema,
      response: { 200: AcceptInvitationResponseSchema },
    }),
    async (request) => {
      const invitation = invitationOf(request);
      const project = await invitations.accept(signedIn(request).user, invitation, request.body.folder_id);
      request.audit('member.joined', { project_id: invitation.project_id, role: invitation.role });
      return { data: project, message: translate(requestLanguage(request), 'invitations:joined') };
    },
  );

  app.post(
    '/api/project_invitations/:id/reject_invitation',
    onId('invitation.invitee', {
      tags: ['invitations'],
      summary: 'Reject an invitation',
      response: { 200: MessageResponseSchema },
    }),
    async (request) => {
      await invitations.reject(signedIn(request).user, invitationOf(request));
      return { message: translate(requestLanguage(request), 'invitations:deleteInvitation') };
    },
  );
};

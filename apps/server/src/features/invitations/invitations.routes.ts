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
import { translate } from '@teamboard/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamSchema } from '../../lib/ids.js';
import { signedIn } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/language.js';
import { invitationOf, projectAccessOf } from '../../plugins/project-access.js';
import type { InvitationsService } from './invitations.service.js';

export interface InvitationRoutesOptions {
  invitations: InvitationsService;
}

const security = [{ accessToken: [], client: [], uid: [] }];
const params = z.object({ id: IdParamSchema });

/** SPEC §7 clients use both `/project_invitations/:id/` and `/project_invitations/:id`. */
function bothForms(path: string): string[] {
  return [path, `${path}/`];
}

export const invitationRoutes: FastifyPluginAsyncZod<InvitationRoutesOptions> = async (
  app,
  { invitations },
) => {
  for (const url of bothForms('/api/project_invitations')) {
    app.get(
      url,
      {
        schema: {
          tags: ['invitations'],
          summary: 'Pending invitations to my email',
          security,
          response: { 200: ReceivedInvitationListResponseSchema },
        },
        config: { permission: 'signed_in' },
      },
      async (request) => ({ data: await invitations.received(signedIn(request).user) }),
    );
  }

  app.get(
    '/api/projects/:id/invitations',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Pending invitations of a project',
        security,
        params,
        response: { 200: SentInvitationListResponseSchema },
      },
      config: { permission: 'members.manage' },
    },
    async (request) => ({ data: await invitations.sent(projectAccessOf(request).project.id) }),
  );

  app.post(
    '/api/projects/:id/invitations',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Invite by email (sending again to the same address updates the invitation)',
        security,
        params,
        body: CreateInvitationInputSchema,
        response: { 200: SentInvitationResponseSchema, 201: SentInvitationResponseSchema },
      },
      config: { permission: 'members.manage' },
    },
    async (request, reply) => {
      const { invitation, isNew } = await invitations.send(
        signedIn(request).user,
        projectAccessOf(request),
        request.body,
      );
      return reply.code(isNew ? 201 : 200).send({ data: invitation });
    },
  );

  for (const url of bothForms('/api/project_invitations/:id')) {
    app.put(
      url,
      {
        schema: {
          tags: ['invitations'],
          summary: 'Change the role of a pending invitation',
          security,
          params,
          body: UpdateInvitationInputSchema,
          response: { 200: SentInvitationResponseSchema },
        },
        config: { permission: 'members.manage' },
      },
      async (request) => ({ data: await invitations.changeRole(invitationOf(request), request.body.role) }),
    );

    app.delete(
      url,
      {
        schema: { tags: ['invitations'], summary: 'Delete a pending invitation', security, params },
        config: { permission: 'members.manage' },
      },
      async (request, reply) => {
        await invitations.remove(invitationOf(request));
        return reply.code(204).send();
      },
    );
  }

  for (const url of bothForms('/api/project_invitations/:id/accept_invitation')) {
    app.post(
      url,
      {
        schema: {
          tags: ['invitations'],
          summary: 'Accept an invitation into one of my folders',
          security,
          params,
          body: AcceptInvitationInputSchema,
          response: { 200: AcceptInvitationResponseSchema },
        },
        config: { permission: 'invitation.invitee' },
      },
      async (request) => {
        const invitation = invitationOf(request);
        const project = await invitations.accept(signedIn(request).user, invitation, request.body.folder_id);
        request.audit('member.joined', { project_id: invitation.project_id, role: invitation.role });
        return { data: project, message: translate(requestLanguage(request), 'invitations:joined') };
      },
    );
  }

  for (const url of bothForms('/api/project_invitations/:id/reject_invitation')) {
    app.post(
      url,
      {
        schema: {
          tags: ['invitations'],
          summary: 'Reject an invitation',
          security,
          params,
          response: { 200: MessageResponseSchema },
        },
        config: { permission: 'invitation.invitee' },
      },
      async (request) => {
        await invitations.reject(signedIn(request).user, invitationOf(request));
        return { message: translate(requestLanguage(request), 'invitations:deleteInvitation') };
      },
    );
  }
};

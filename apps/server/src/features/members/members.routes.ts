import { MemberListResponseSchema, MemberResponseSchema, UpdateMemberInputSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamSchema } from '../../lib/ids.js';
import { signedIn } from '../../plugins/auth.js';
import { security } from '../../lib/routes.js';
import { onId, projectAccessOf } from '../../access/access.js';
import type { MembersService } from './members.service.js';

export interface MemberRoutesOptions {
  members: MembersService;
}

const memberParams = z.object({ id: IdParamSchema, user_id: IdParamSchema });

export const memberRoutes: FastifyPluginAsyncZod<MemberRoutesOptions> = async (app, { members }) => {
  app.get(
    '/api/projects/:id/members',
    onId('project.view', {
      tags: ['members'],
      summary: 'Members of a project',
      response: { 200: MemberListResponseSchema },
    }),
    async (request) => ({ data: await members.list(projectAccessOf(request).project.id) }),
  );

  app.put(
    '/api/projects/:id/members/:user_id',
    {
      schema: {
        tags: ['members'],
        summary: "Change a member's role",
        security,
        params: memberParams,
        body: UpdateMemberInputSchema,
        response: { 200: MemberResponseSchema },
      },
      config: { permission: 'members.manage' },
    },
    async (request) => {
      const access = projectAccessOf(request);
      const { user_id: memberId } = request.params;
      const member = await members.changeRole(signedIn(request).user, access, memberId, request.body.role);
      request.audit('member.role_changed', {
        project_id: access.project.id,
        member_id: memberId,
        role: member.role,
      });
      return { data: member };
    },
  );

  app.delete(
    '/api/projects/:id/members/:user_id',
    {
      schema: { tags: ['members'], summary: 'Remove a member', security, params: memberParams },
      config: { permission: 'members.manage' },
    },
    async (request, reply) => {
      const access = projectAccessOf(request);
      await members.remove(signedIn(request).user, access, request.params.user_id);
      request.audit('member.removed', { project_id: access.project.id, member_id: request.params.user_id });
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/projects/:id/membership',
    onId('project.quit', { tags: ['members'], summary: 'Quit the project' }),
    async (request, reply) => {
      const access = projectAccessOf(request);
      await members.quit(signedIn(request).user, access);
      request.audit('member.quit', { project_id: access.project.id });
      return reply.code(204).send();
    },
  );
};

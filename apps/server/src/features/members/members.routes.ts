import { MemberListResponseSchema, MemberResponseSchema, UpdateMemberInputSchema } from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamSchema } from '../../lib/ids.js';
import { signedIn } from '../../plugins/auth.js';
import { projectAccessOf } from '../../plugins/project-access.js';
import type { MembersService } from './members.service.js';

export interface MemberRoutesOptions {
  members: MembersService;
}

const security = [{ accessToken: [], client: [], uid: [] }];
const params = z.object({ id: IdParamSchema });
const memberParams = z.object({ id: IdParamSchema, user_id: IdParamSchema });

export const memberRoutes: FastifyPluginAsyncZod<MemberRoutesOptions> = async (app, { members }) => {
  app.get(
    '/api/projects/:id/members',
    {
      schema: {
        tags: ['members'],
        summary: 'Members of a project',
        security,
        params,
        response: { 200: MemberListResponseSchema },
      },
      config: { permission: 'project.view' },
    },
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
    async (request) => ({
      data: await members.changeRole(
        signedIn(request).user,
        projectAccessOf(request),
        request.params.user_id,
        request.body.role,
      ),
    }),
  );

  app.delete(
    '/api/projects/:id/members/:user_id',
    {
      schema: { tags: ['members'], summary: 'Remove a member', security, params: memberParams },
      config: { permission: 'members.manage' },
    },
    async (request, reply) => {
      await members.remove(signedIn(request).user, projectAccessOf(request), request.params.user_id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/projects/:id/membership',
    {
      schema: { tags: ['members'], summary: 'Quit the project', security, params },
      config: { permission: 'project.quit' },
    },
    async (request, reply) => {
      await members.quit(signedIn(request).user, projectAccessOf(request));
      return reply.code(204).send();
    },
  );
};

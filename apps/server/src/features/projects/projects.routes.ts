import {
  CreateProjectInputSchema,
  ProjectListResponseSchema,
  ProjectResponseSchema,
  UpdatePlacementInputSchema,
  UpdateProjectInputSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamSchema } from '../../lib/ids.js';
import { signedIn } from '../../plugins/auth.js';
import { security } from '../../lib/routes.js';
import { onId, projectAccessOf, signedInRoute } from '../../access/access.js';
import type { ProjectsService } from './projects.service.js';

export interface ProjectRoutesOptions {
  projects: ProjectsService;
}

const params = z.object({ id: IdParamSchema });

/** Project routes declare their permission in `config`; the access check enforces it. */
export const projectRoutes: FastifyPluginAsyncZod<ProjectRoutesOptions> = async (app, { projects }) => {
  app.get(
    '/api/projects',
    signedInRoute('signed_in', {
      tags: ['projects'],
      summary: 'My projects, members included',
      response: { 200: ProjectListResponseSchema },
    }),
    async (request) => ({ data: await projects.list(signedIn(request).user) }),
  );

  app.post(
    '/api/projects',
    signedInRoute('signed_in', {
      tags: ['projects'],
      summary: 'Create a project (the caller becomes its owner)',
      body: CreateProjectInputSchema,
      response: { 201: ProjectResponseSchema },
    }),
    async (request, reply) =>
      reply.code(201).send({ data: await projects.create(signedIn(request).user, request.body) }),
  );

  app.get(
    '/api/projects/:id',
    onId('project.view', {
      tags: ['projects'],
      summary: 'A project',
      response: { 200: ProjectResponseSchema },
    }),
    async (request) => ({
      data: await projects.view(signedIn(request).user, projectAccessOf(request).project.id),
    }),
  );

  app.put(
    '/api/projects/:id',
    onId('project.manage', {
      tags: ['projects'],
      summary: 'Edit name, description, privacy, time zone and course placement',
      body: UpdateProjectInputSchema,
      response: { 200: ProjectResponseSchema },
    }),
    async (request) => ({
      data: await projects.update(signedIn(request).user, projectAccessOf(request), request.body),
    }),
  );

  app.delete(
    '/api/projects/:id',
    onId('project.manage', { tags: ['projects'], summary: 'Delete a project and everything in it' }),
    async (request, reply) => {
      await projects.remove(projectAccessOf(request));
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/projects/:id/placement',
    {
      schema: {
        tags: ['projects'],
        summary: 'My filing of the project: folder, order, favorite',
        security,
        params,
        body: UpdatePlacementInputSchema,
        response: { 200: ProjectResponseSchema },
      },
      config: { permission: 'project.view', requireMembership: true },
    },
    async (request) => ({
      data: await projects.place(signedIn(request).user, projectAccessOf(request), request.body),
    }),
  );
};

import {
  CourseTemplateFromProjectInputSchema,
  CourseTemplateInputSchema,
  CourseTemplateListResponseSchema,
  CourseTemplateResponseSchema,
  RosterImportInputSchema,
  RosterPlanResponseSchema,
  RosterRefusedResponseSchema,
} from '@teamboard/contract';
import { translate } from '@teamboard/i18n/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, signedInRoute } from '../../access/access.js';
import { signedIn } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/language.js';
import { localizedParams } from '../../lib/app-error.js';
import type { CourseTemplatesService } from './course-templates.service.js';
import { RosterRefused, type RosterImportService } from './roster-import.js';

const tags = ['course-templates'];

/** Course templates and roster import (docs/api-course-templates.md): teachers and admins ('staff'). */
export const courseTemplateRoutes: FastifyPluginAsyncZod<{
  templates: CourseTemplatesService;
  rosters: RosterImportService;
}> = async (app, { templates, rosters }) => {
  app.get(
    '/api/course_templates',
    signedInRoute('staff', {
      tags,
      summary: 'The course templates the caller manages (a teacher: theirs; an admin: all)',
      response: { 200: CourseTemplateListResponseSchema },
    }),
    async (request) => ({ data: await templates.list(signedIn(request).user) }),
  );

  app.post(
    '/api/course_templates',
    signedInRoute('staff', {
      tags,
      summary: 'Create a course template (boards, columns, labels, milestones)',
      body: CourseTemplateInputSchema,
      response: { 201: CourseTemplateResponseSchema },
    }),
    async (request, reply) =>
      reply.code(201).send({ data: await templates.create(signedIn(request).user, request.body) }),
  );

  app.post(
    '/api/course_templates/from_project',
    signedInRoute('staff', {
      tags,
      summary: 'Create a course template from what a project the caller can see holds',
      body: CourseTemplateFromProjectInputSchema,
      response: { 201: CourseTemplateResponseSchema },
    }),
    async (request, reply) =>
      reply.code(201).send({ data: await templates.createFromProject(signedIn(request).user, request.body) }),
  );

  app.get(
    '/api/course_templates/:id',
    onId('staff', { tags, summary: 'One course template', response: { 200: CourseTemplateResponseSchema } }),
    async (request) => ({ data: await templates.read(signedIn(request).user, request.params.id) }),
  );

  app.put(
    '/api/course_templates/:id',
    onId('staff', {
      tags,
      summary: 'Replace a course template (projects already made keep what they have)',
      body: CourseTemplateInputSchema,
      response: { 200: CourseTemplateResponseSchema },
    }),
    async (request) => ({
      data: await templates.update(signedIn(request).user, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/course_templates/:id',
    onId('staff', { tags, summary: 'Delete a course template (its team projects stay)' }),
    async (request, reply) => {
      await templates.remove(signedIn(request).user, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/course_templates/:id/roster',
    onId('staff', {
      tags,
      summary:
        'Import a roster CSV into team projects (dry_run: the plan only); any problem and nothing is made (422)',
      body: RosterImportInputSchema,
      response: { 200: RosterPlanResponseSchema, 422: RosterRefusedResponseSchema },
    }),
    async (request, reply) => {
      const language = requestLanguage(request);
      try {
        return {
          data: await rosters.importRoster(signedIn(request).user, request.params.id, request.body, language),
        };
      } catch (error) {
        if (!(error instanceof RosterRefused)) throw error;
        return reply.code(422).send({
          errors: [translate(language, 'errors:ROSTER_NOT_VALID', localizedParams(language, error.params))],
          code: error.code,
          data: error.plan,
        });
      }
    },
  );
};

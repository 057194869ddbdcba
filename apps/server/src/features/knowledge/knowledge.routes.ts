import {
  KnowledgeAnswersInputSchema,
  KnowledgeAnswersQuerySchema,
  KnowledgeFormInputSchema,
  KnowledgeFormListResponseSchema,
  KnowledgeFormResponseSchema,
  KnowledgeResultsResponseSchema,
  MyKnowledgeFormListResponseSchema,
  MyKnowledgeFormResponseSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onId, signedInRoute } from '../../access/access.js';
import { signedIn } from '../../plugins/auth.js';
import type { KnowledgeService } from './knowledge.service.js';

const tags = ['knowledge'];

/** Knowledge forms (docs/api-knowledge-forms.md): teachers' and admins' side, and the audience's. */
export const knowledgeRoutes: FastifyPluginAsyncZod<{ knowledge: KnowledgeService }> = async (
  app,
  { knowledge },
) => {
  app.get(
    '/api/knowledge_forms',
    signedInRoute('staff', {
      tags,
      summary: 'The knowledge forms the caller manages (a teacher: theirs; an admin: all)',
      response: { 200: KnowledgeFormListResponseSchema },
    }),
    async (request) => knowledge.list(signedIn(request).user),
  );

  app.post(
    '/api/knowledge_forms',
    signedInRoute('staff', {
      tags,
      summary: 'Create a knowledge form',
      body: KnowledgeFormInputSchema,
      response: { 201: KnowledgeFormResponseSchema },
    }),
    async (request, reply) =>
      reply.code(201).send({ data: await knowledge.create(signedIn(request).user, request.body) }),
  );

  app.get(
    '/api/knowledge_forms/:id',
    onId('staff', { tags, summary: 'One knowledge form', response: { 200: KnowledgeFormResponseSchema } }),
    async (request) => ({ data: await knowledge.read(signedIn(request).user, request.params.id) }),
  );

  app.put(
    '/api/knowledge_forms/:id',
    onId('staff', {
      tags,
      summary: 'Edit a knowledge form (items left out are removed with their answers)',
      body: KnowledgeFormInputSchema,
      response: { 200: KnowledgeFormResponseSchema },
    }),
    async (request) => ({
      data: await knowledge.update(signedIn(request).user, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/knowledge_forms/:id',
    onId('staff', { tags, summary: 'Delete a knowledge form and its answers' }),
    async (request, reply) => {
      await knowledge.remove(signedIn(request).user, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/knowledge_forms/:id/answers',
    onId('staff', {
      tags,
      summary: "A form's answers by person and each item's distribution, by section and group",
      querystring: KnowledgeAnswersQuerySchema,
      response: { 200: KnowledgeResultsResponseSchema },
    }),
    async (request) => ({
      data: await knowledge.results(signedIn(request).user, request.params.id, request.query),
    }),
  );

  app.get(
    '/api/me/knowledge_forms',
    signedInRoute('signed_in', {
      tags,
      summary:
        "The knowledge forms for the caller's profile (open, scheduled, recently closed), with their answers",
      response: { 200: MyKnowledgeFormListResponseSchema },
    }),
    async (request) => knowledge.mine(signedIn(request).user),
  );

  app.put(
    '/api/me/knowledge_forms/:id/answers',
    onId('signed_in', {
      tags,
      summary: "Save the caller's answers to an open form (replaces the previous ones)",
      body: KnowledgeAnswersInputSchema,
      response: { 200: MyKnowledgeFormResponseSchema },
    }),
    async (request) => ({
      data: await knowledge.answer(signedIn(request).user, request.params.id, request.body),
    }),
  );
};

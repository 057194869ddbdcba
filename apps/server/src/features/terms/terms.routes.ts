import {
  AcceptTermsInputSchema,
  CurrentTermsResponseSchema,
  TermsAcceptanceResponseSchema,
  TermsDraftInputSchema,
  TermsDraftResponseSchema,
  TermsHistoryResponseSchema,
  TermsVersionResponseSchema,
} from '@teamboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInRoute } from '../../access/access.js';
import { signedIn } from '../../plugins/auth.js';
import type { TermsService } from './terms.service.js';

const tags = ['terms'];

/** Terms and conditions (docs/api-terms.md): read by anyone, accepted by each user, written by admins. */
export const termsRoutes: FastifyPluginAsyncZod<{ terms: TermsService }> = async (app, { terms }) => {
  app.get(
    '/api/terms/current',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'The terms and conditions in force (English and Spanish Markdown)',
        response: { 200: CurrentTermsResponseSchema },
      },
    },
    async () => ({ data: await terms.current() }),
  );

  app.get(
    '/api/terms/acceptance',
    signedInRoute('signed_in', {
      tags,
      summary: "The caller's accepted version and whether the current one must be accepted",
      response: { 200: TermsAcceptanceResponseSchema },
    }),
    async (request) => ({ data: await terms.acceptance(signedIn(request).user) }),
  );

  app.post(
    '/api/terms/acceptance',
    signedInRoute('signed_in', {
      tags,
      summary: 'Accept the current version (the one the caller read)',
      body: AcceptTermsInputSchema,
      response: { 200: TermsAcceptanceResponseSchema },
    }),
    async (request) => {
      const { user } = signedIn(request);
      const data = await terms.accept(user, request.body);
      if (data.accepted_version !== user.terms_version) {
        request.audit('terms.accepted', { version: data.accepted_version });
      }
      return { data };
    },
  );

  app.get(
    '/api/terms/versions',
    signedInRoute('admin', {
      tags,
      summary: 'Every published version, newest first, and the draft of the next one',
      response: { 200: TermsHistoryResponseSchema },
    }),
    async () => terms.history(),
  );

  app.put(
    '/api/terms/draft',
    signedInRoute('admin', {
      tags,
      summary: 'Save the draft of the next version',
      body: TermsDraftInputSchema,
      response: { 200: TermsDraftResponseSchema },
    }),
    async (request) => ({ data: await terms.saveDraft(signedIn(request).user, request.body) }),
  );

  app.delete(
    '/api/terms/draft',
    signedInRoute('admin', { tags, summary: 'Discard the draft' }),
    async (_request, reply) => {
      await terms.discardDraft();
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/terms/draft/publish',
    signedInRoute('admin', {
      tags,
      summary: 'Publish the draft as the next version: every user accepts it before anything else',
      response: { 201: TermsVersionResponseSchema },
    }),
    async (request, reply) => {
      const data = await terms.publish(signedIn(request).user);
      request.audit('terms.published', { version: data.version });
      return reply.code(201).send({ data });
    },
  );
};

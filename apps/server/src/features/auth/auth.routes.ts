import { signedInRoute } from '../../access/access.js';
import {
  MessageResponseSchema,
  SignInInputSchema,
  type SignInInput,
  SignUpInputSchema,
  UserResponseSchema,
} from '@teamboard/contract';
import { translate } from '@teamboard/i18n/server';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { markAudited } from '../../plugins/audit.js';
import { signedIn } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/language.js';
import { toUser } from '../../users/users.js';
import type { AuthService } from './auth.service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
}

/**
 * docs/spec.md §7 clients send credentials as headers (`email`, `password`, `passwordconfirmation`);
 * the JSON body stays canonical and wins when both are present.
 */
function mergeCredentialHeaders(request: FastifyRequest, names: Record<string, string>): void {
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
    string,
    unknown
  >;
  for (const [header, field] of Object.entries(names)) {
    const value = request.headers[header];
    if (typeof value === 'string' && body[field] === undefined) body[field] = value;
  }
  request.body = body;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth }) => {
  /** Signs in and writes the attempt, whichever way it ends, to the audit log. */
  async function signInAudited(request: FastifyRequest<{ Body: SignInInput }>) {
    const email = request.body.email.toLowerCase();
    try {
      const result = await auth.signIn(request.body, request.ip);
      request.audit('sign_in.succeeded', { user_id: result.user.id, email });
      return result;
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'UNEXPECTED';
      request.audit('sign_in.failed', { email, code });
      throw error instanceof AppError ? markAudited(error) : error;
    }
  }

  app.post(
    '/api/auth',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign up',
        body: SignUpInputSchema,
        response: { 201: MessageResponseSchema },
      },
      preValidation: async (request) =>
        mergeCredentialHeaders(request, {
          email: 'email',
          password: 'password',
          passwordconfirmation: 'password_confirmation',
        }),
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      await auth.signUp(request.body, language, request.ip);
      return reply.code(201).send({ message: translate(language, 'mail:notices.signed_up') });
    },
  );

  app.post(
    '/api/auth/sign_in',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: SignInInputSchema,
        response: { 200: UserResponseSchema },
      },
      preValidation: async (request) =>
        mergeCredentialHeaders(request, { email: 'email', password: 'password' }),
    },
    async (request, reply) => {
      const { user, credentials } = await signInAudited(request);
      reply.headers({ ...credentials, 'cache-control': 'no-store' });
      return { data: toUser(user) };
    },
  );

  app.delete(
    '/api/auth/sign_out',
    signedInRoute('signed_in', {
      tags: ['auth'],
      summary: 'Sign out this device',
      security: [{ accessToken: [], client: [], uid: [] }],
    }),
    async (request, reply) => {
      const { user, session } = signedIn(request);
      await auth.signOut(user, session.client);
      request.audit('sign_out');
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/auth/validate_token',
    {
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: UserResponseSchema } },
      config: { permission: 'signed_in' },
    },
    async (request) => ({ data: toUser(signedIn(request).user) }),
  );
};

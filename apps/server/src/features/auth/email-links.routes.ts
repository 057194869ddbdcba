import {
  ConfirmInputSchema,
  EmailOnlyInputSchema,
  MessageResponseSchema,
  ResetPasswordInputSchema,
  UserResponseSchema,
} from '@teamboard/contract';
import { translate } from '@teamboard/i18n/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../plugins/language.js';
import { toUser } from '../../users/users.js';
import type { AuthService } from './auth.service.js';

export interface EmailLinkRoutesOptions {
  auth: AuthService;
}

const ResetParamsSchema = z.object({ token: z.string().min(1, 'TOKEN_INVALID').max(200, 'TOKEN_INVALID') });

/**
 * Emailed-link flows: confirmation, forgotten password, resend. Answers never reveal whether an email
 * exists, and never refuse: a request over a mail cap gets the same 202, without the mail.
 */
export const emailLinkRoutes: FastifyPluginAsyncZod<EmailLinkRoutesOptions> = async (app, { auth }) => {
  app.post(
    '/api/users/confirm',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Confirm an account',
        body: ConfirmInputSchema,
        response: { 200: UserResponseSchema },
      },
    },
    async (request) => ({ data: toUser(await auth.confirm(request.body.confirmation_token)) }),
  );

  app.post(
    '/api/users/forgot',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link',
        body: EmailOnlyInputSchema,
        response: { 202: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      await auth.forgotPassword(request.body.email, request.ip);
      return reply.code(202).send({ message: translate(requestLanguage(request), 'mail:notices.forgot') });
    },
  );

  app.post(
    '/api/users/resend',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Email a new confirmation link',
        body: EmailOnlyInputSchema,
        response: { 202: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      await auth.resendConfirmation(request.body.email, request.ip);
      return reply.code(202).send({ message: translate(requestLanguage(request), 'mail:notices.resend') });
    },
  );

  app.post(
    '/api/users/:token/reset',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from an emailed token',
        params: ResetParamsSchema,
        body: ResetPasswordInputSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const userId = await auth.resetPassword(request.params.token, request.body.password, request.ip);
      request.audit('password.reset', { user_id: userId });
      return { message: translate(requestLanguage(request), 'mail:notices.password_changed') };
    },
  );
};

import {
  GoogleCallbackInputSchema,
  OidcExchangeInputSchema,
  OidcExchangeResponseSchema,
  OidcSignUpInputSchema,
  UserResponseSchema,
  type ErrorCode,
} from '@teamboard/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { markAudited } from '../../plugins/audit.js';
import { requestLanguage } from '../../plugins/language.js';
import { toUser } from '../../users/users.js';
import type { Throttle } from '../../lib/throttle.js';
import { OidcFailure } from './oidc-failure.js';
import { beginProviderCall } from './oidc.limits.js';
import { FLOW_LIFETIME_MS, type AccountOutcome, type OidcService, type SignedIn } from './oidc.service.js';

const tags = ['auth'];
/** The sealed flow (state, nonce, PKCE verifier) lives in this cookie between start and callback. */
export const FLOW_COOKIE = 'teamboard_oidc';
const FLOW_COOKIE_PATH = '/api/auth/oidc';
/** The web app's page the callback sends the browser to, with `#code=` or `#error=`. */
export const FINISH_PATH = '/oidc/finish';

export interface OidcRoutesOptions {
  /** null: not configured; every route answers 404 OIDC_NOT_CONFIGURED. */
  oidc: OidcService | null;
  appUrl: string;
  /** Counts failed provider callbacks per address (oidc.limits.ts). */
  throttle: Throttle;
}

/** docs/api-oidc.md. */
export const oidcRoutes: FastifyPluginAsyncZod<OidcRoutesOptions> = async (
  app,
  { oidc, appUrl, throttle },
) => {
  const isSecure = appUrl.startsWith('https://');
  const cookieOptions = {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecure,
  };

  function configured(): OidcService {
    if (!oidc) throw new AppError('OIDC_NOT_CONFIGURED');
    return oidc;
  }

  function finishUrl(fragment: Record<string, string>): string {
    return `${appUrl}${FINISH_PATH}#${new URLSearchParams(fragment).toString()}`;
  }

  /** Answers like password sign-in: the session headers and the user. */
  function sendSignedIn(reply: FastifyReply, { user, credentials }: SignedIn) {
    reply.headers({ ...credentials, 'cache-control': 'no-store' });
    return toUser(user);
  }

  function auditFailure(request: FastifyRequest, error: unknown, email: string | null = null): unknown {
    const code: ErrorCode = error instanceof AppError ? error.code : 'UNEXPECTED';
    const reason = error instanceof OidcFailure ? error.reason : null;
    request.audit('sign_in.failed', { method: 'oidc', email, code, reason });
    return error instanceof AppError ? markAudited(error) : error;
  }

  /** `reclaimed: 1`: the account was unconfirmed, and its sign-up's password and profile are gone. */
  function auditLinked(request: FastifyRequest, result: AccountOutcome & { email: string }) {
    request.audit('account.oidc_linked', {
      user_id: result.user.id,
      email: result.email,
      ...(result.reclaimed ? { reclaimed: 1 } : {}),
    });
  }

  app.get(
    '/api/auth/oidc/authorize',
    {
      config: { permission: 'public' },
      schema: { tags, summary: 'Start signing in with the OpenID Connect provider (a browser navigation)' },
    },
    async (request, reply) => {
      const service = configured();
      try {
        const { url, sealedFlow } = await service.start();
        reply.setCookie(FLOW_COOKIE, sealedFlow, { ...cookieOptions, maxAge: FLOW_LIFETIME_MS / 1000 });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      } catch (error) {
        auditFailure(request, error);
        if (!(error instanceof AppError)) throw error;
        return reply.redirect(finishUrl({ error: error.code }), 302);
      }
    },
  );

  app.get(
    '/api/auth/oidc/callback',
    {
      config: { permission: 'public' },
      schema: { tags, summary: "The provider's redirect URI: hands a one-time code to the web app" },
    },
    async (request, reply) => {
      const service = configured();
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      reply.clearCookie(FLOW_COOKIE, cookieOptions).header('cache-control', 'no-store');
      try {
        const attempt = await beginProviderCall(throttle, request.ip);
        const handoff = await service.callback(query, request.cookies[FLOW_COOKIE]);
        await attempt.succeeded();
        if (handoff.linked)
          request.audit('account.oidc_linked', { user_id: handoff.userId, email: handoff.email });
        // The code goes in the fragment: never sent to a server, never in a Referer or an access log.
        return reply.redirect(finishUrl({ code: handoff.code }), 302);
      } catch (error) {
        auditFailure(request, error);
        if (!(error instanceof AppError)) throw error;
        return reply.redirect(finishUrl({ error: error.code }), 302);
      }
    },
  );

  app.post(
    '/api/auth/oidc/exchange',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: "Exchange the callback's one-time code: signed in, or the finish-sign-up step",
        body: OidcExchangeInputSchema,
        response: { 200: OidcExchangeResponseSchema },
      },
    },
    async (request, reply) => {
      const service = configured();
      try {
        const result = await service.exchange(request.body.code);
        if ('signUp' in result) return { data: null, sign_up: result.signUp };
        request.audit('sign_in.succeeded', {
          method: 'oidc',
          user_id: result.user.id,
          email: result.user.email,
        });
        return { data: sendSignedIn(reply, result), sign_up: null };
      } catch (error) {
        throw auditFailure(request, error);
      }
    },
  );

  app.post(
    '/api/auth/oidc/sign_up',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Finish signing up with the provider: accept the terms, the account is created',
        body: OidcSignUpInputSchema,
        response: { 200: UserResponseSchema },
      },
    },
    async (request, reply) => {
      const service = configured();
      try {
        const result = await service.finishSignUp(request.body, requestLanguage(request));
        if (result.linked) auditLinked(request, result);
        request.audit('sign_in.succeeded', { method: 'oidc', user_id: result.user.id, email: result.email });
        return { data: sendSignedIn(reply, result) };
      } catch (error) {
        throw auditFailure(request, error);
      }
    },
  );

  app.post(
    '/api/google_oauth2/callback',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: "docs/spec.md §7: sign in with the provider's access token",
        body: GoogleCallbackInputSchema,
        response: { 200: UserResponseSchema },
      },
    },
    async (request, reply) => {
      const service = configured();
      const { accessToken, terms_accepted, language } = request.body;
      try {
        const attempt = await beginProviderCall(throttle, request.ip);
        const result = await service.signInWithAccessToken(
          accessToken,
          terms_accepted === true,
          language ?? requestLanguage(request),
        );
        await attempt.succeeded();
        if (result.linked) auditLinked(request, result);
        request.audit('sign_in.succeeded', { method: 'oidc', user_id: result.user.id, email: result.email });
        return { data: sendSignedIn(reply, result) };
      } catch (error) {
        throw auditFailure(request, error);
      }
    },
  );
};

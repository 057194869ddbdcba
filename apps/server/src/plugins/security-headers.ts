import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Allows the Vite-built app (own scripts, Mantine's inline styles, data:/blob: images) and nothing else. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** HSTS pins the APP_URL host to HTTPS for a year; never in development, where it would pin localhost. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

function isJson(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith('application/json');
}

/**
 * No JSON answer is kept by any cache (it may describe a private project), except where a route
 * chose its own revalidation policy for a success (the board's `private, no-cache` ETag,
 * docs/decisions.md, "Proving the API holds"). Error answers are never stored, whatever the route set before failing.
 */
function cacheControlFor(reply: FastifyReply): string | undefined {
  if (!isJson(reply)) return undefined;
  if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) return 'no-store';
  return undefined;
}

export interface SecurityHeaderOptions {
  isProduction: boolean;
}

/**
 * Sets every security header on one reply. A route's own CSP (the API docs page, file downloads)
 * is kept, but always forbids framing.
 */
export function setSecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  options: SecurityHeaderOptions,
): void {
  reply.header('x-request-id', request.id);
  reply.header('x-content-type-options', 'nosniff');
  // A route that lets the app frame it (the assistant's code preview) says so in its own CSP.
  const framedBySelf = String(reply.getHeader('content-security-policy') ?? '').includes(
    "frame-ancestors 'self'",
  );
  reply.header('x-frame-options', framedBySelf ? 'SAMEORIGIN' : 'DENY');
  // no-referrer: the reset page URL carries a token that must not leak to other sites.
  reply.header('referrer-policy', 'no-referrer');
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('content-security-policy', withFrameAncestors(reply.getHeader('content-security-policy')));
  const cacheControl = cacheControlFor(reply);
  if (cacheControl) reply.header('cache-control', cacheControl);
  if (options.isProduction) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
}

function withFrameAncestors(routePolicy: unknown): string {
  if (typeof routePolicy !== 'string' || routePolicy === '') return CONTENT_SECURITY_POLICY;
  return routePolicy.includes('frame-ancestors') ? routePolicy : `${routePolicy}; frame-ancestors 'none'`;
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  app.addHook('onSend', async (request, reply, payload) => {
    setSecurityHeaders(request, reply, options);
    return payload;
  });
}

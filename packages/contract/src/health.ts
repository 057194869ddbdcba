import { z } from 'zod';

/** GET /api/health — polled by the web app's offline check (docs/product.md, Connectivity). */
export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** GET /api/health/live — the process answers; nothing it depends on is asked (docs/observability.md). */
export const LivenessResponseSchema = z.object({ status: z.literal('ok') });
export type LivenessResponse = z.infer<typeof LivenessResponseSchema>;

/** One dependency's state: 'not_configured' for Redis without REDIS_URL. */
export const ReadinessCheckSchema = z.enum(['ok', 'failed', 'not_configured']);
export const ReadinessChecksSchema = z.object({
  database: ReadinessCheckSchema,
  redis: ReadinessCheckSchema,
  storage: ReadinessCheckSchema,
});
export type ReadinessChecks = z.infer<typeof ReadinessChecksSchema>;

/** GET /api/health/ready — 200 when every dependency answers, each one's state either way. */
export const ReadinessResponseSchema = z.object({ status: z.literal('ok'), checks: ReadinessChecksSchema });
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;

/** Its 503: the usual error shape (SERVICE_UNAVAILABLE) plus which dependency failed. */
export const ReadinessFailureSchema = z.object({
  errors: z.array(z.string()).min(1),
  code: z.literal('SERVICE_UNAVAILABLE'),
  checks: ReadinessChecksSchema,
});
export type ReadinessFailure = z.infer<typeof ReadinessFailureSchema>;

/** GET /api/config — public settings the web app needs before sign-in. */
export const PublicConfigSchema = z.object({
  /** Sign-in with OpenID Connect is configured (the login screen shows its button). */
  google_sign_in: z.boolean(),
  /** The name its button shows ("Google" by default, OIDC_PROVIDER_NAME), null when it is off. */
  sign_in_provider: z.string().nullable(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

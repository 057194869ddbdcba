import { z } from 'zod';

/** GET /api/health — polled by the web app's offline check (docs/product.md, Connectivity). */
export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** GET /api/config — public settings the web app needs before sign-in. */
export const PublicConfigSchema = z.object({
  /** Sign-in with OpenID Connect is configured (the login screen shows its button). */
  google_sign_in: z.boolean(),
  /** The name its button shows ("Google" by default, OIDC_PROVIDER_NAME), null when it is off. */
  sign_in_provider: z.string().nullable(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

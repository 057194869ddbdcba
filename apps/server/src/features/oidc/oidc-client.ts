import * as client from 'openid-client';
import { AppError } from '../../lib/app-error.js';
import { OidcFailure } from './oidc-failure.js';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What a provider vouched for, after openid-client verified it. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** The per-browser secrets of one sign-in: kept in a sealed cookie until the provider sends them back. */
export interface OidcFlow {
  state: string;
  nonce: string;
  verifier: string;
}

/** Seconds any call to the provider may take. */
const PROVIDER_TIMEOUT_S = 10;
const SCOPE = 'openid email profile';
/** Google offers no introspection endpoint; its tokeninfo answers which client a token is for. */
const GOOGLE_ISSUER = 'https://accounts.google.com';
const GOOGLE_TOKENINFO = 'https://oauth2.googleapis.com/tokeninfo';

/**
 * The relying party, all through openid-client (a certified OpenID Connect client): discovery, the
 * authorization code flow with PKCE, and the checks of the ID token (signature against the provider's
 * keys — enableNonRepudiationChecks —, issuer, audience, expiry, nonce) and of the state. Discovery runs on first use and is kept;
 * a failure is retried on the next sign-in.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(
    private readonly settings: OidcSettings,
    private readonly redirectUri: string,
  ) {}

  get issuer(): string {
    return this.settings.issuer;
  }

  /** A fresh state, nonce and PKCE verifier for one sign-in. */
  newFlow(): OidcFlow {
    return {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
    };
  }

  async authorizationUrl(flow: OidcFlow): Promise<string> {
    const config = await this.config();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return url.href;
  }

  /** The provider's answer at the redirect URI (its query string), checked against the flow. */
  async callback(query: string, flow: OidcFlow): Promise<OidcIdentity> {
    const config = await this.config();
    const currentUrl = new URL(this.redirectUri);
    currentUrl.search = query;
    const tokens = await guard(() =>
      client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      }),
    );
    const claims = tokens.claims();
    if (!claims) throw new OidcFailure('OIDC_SIGN_IN_FAILED', 'no_id_token');
    let identity = identityFrom(this.settings.issuer, claims);
    // Many providers put email only in the userinfo answer; it must be about the same subject.
    if (!identity.email || !identity.emailVerified) {
      const info = await guard(() => client.fetchUserInfo(config, tokens.access_token, claims.sub));
      identity = {
        ...identityFrom(this.settings.issuer, info),
        name: identity.name ?? stringClaim(info.name),
      };
    }
    return identity;
  }

  /**
   * A provider access token from a SPEC client (POST /api/google_oauth2/callback): it must have been
   * issued to this client (introspection when the provider offers it, Google's tokeninfo for Google),
   * then the provider's userinfo says who it belongs to.
   */
  async identityOfAccessToken(accessToken: string): Promise<OidcIdentity> {
    const config = await this.config();
    await this.requireOwnAccessToken(config, accessToken);
    const info = await guard(() => client.fetchUserInfo(config, accessToken, client.skipSubjectCheck));
    return identityFrom(this.settings.issuer, info);
  }

  private async requireOwnAccessToken(config: client.Configuration, accessToken: string): Promise<void> {
    const metadata = config.serverMetadata();
    if (metadata.introspection_endpoint) {
      const answer = await guard(() => client.tokenIntrospection(config, accessToken));
      const audiences = [answer.aud ?? []].flat();
      const isOurs =
        answer.client_id === this.settings.clientId || audiences.includes(this.settings.clientId);
      if (!answer.active || !isOurs)
        throw new OidcFailure('OIDC_SIGN_IN_FAILED', 'token_not_for_this_client');
      return;
    }
    if (this.settings.issuer === GOOGLE_ISSUER) {
      const response = await guard(() =>
        fetch(`${GOOGLE_TOKENINFO}?${new URLSearchParams({ access_token: accessToken }).toString()}`, {
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_S * 1000),
        }),
      );
      const info = response.ok ? ((await response.json()) as { aud?: string; azp?: string }) : {};
      if (info.aud !== this.settings.clientId && info.azp !== this.settings.clientId)
        throw new OidcFailure('OIDC_SIGN_IN_FAILED', 'token_not_for_this_client');
    }
  }

  private config(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        {
          timeout: PROVIDER_TIMEOUT_S,
          // The ID token's signature is checked against the provider's published keys (jwks_uri) too,
          // not only trusted because it came over TLS from the token endpoint.
          execute: [
            client.enableNonRepudiationChecks,
            ...(this.settings.issuer.startsWith('http://') ? [client.allowInsecureRequests] : []),
          ],
        },
      )
      .then((config) => {
        config.timeout = PROVIDER_TIMEOUT_S;
        return config;
      })
      .catch((error: unknown) => {
        this.configuration = null;
        throw new OidcFailure('OIDC_PROVIDER_UNAVAILABLE', reasonOf(error));
      });
    return this.configuration;
  }
}

/**
 * Runs a provider call: a network failure is OIDC_PROVIDER_UNAVAILABLE, any refused check (state,
 * nonce, signature, issuer, audience, expiry, a used or unknown code) OIDC_SIGN_IN_FAILED.
 */
async function guard<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const isNetwork =
      error instanceof Error &&
      (error.name === 'TimeoutError' || error.name === 'AbortError' || error.message === 'fetch failed');
    throw new OidcFailure(isNetwork ? 'OIDC_PROVIDER_UNAVAILABLE' : 'OIDC_SIGN_IN_FAILED', reasonOf(error));
  }
}

/** openid-client's error code (OAUTH_JWT_CLAIM_COMPARISON_FAILED…) or the provider's (invalid_grant). */
function reasonOf(error: unknown): string {
  if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError)
    return error.error;
  if (error instanceof Error) return String((error as { code?: unknown }).code ?? error.name).slice(0, 80);
  return 'unknown';
}

function identityFrom(issuer: string, claims: Record<string, unknown>): OidcIdentity {
  const email = stringClaim(claims.email);
  return {
    issuer,
    subject: String(claims.sub),
    email: email ? email.toLowerCase() : null,
    // Some providers send "true" as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: stringClaim(claims.name),
  };
}

function stringClaim(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';
import * as client from 'openid-client';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, for the server tests and
 * the e2e spec. Its login and consent are automatic: whoever comes to it signs in as `account`. A test
 * can rewrite the ID token it issues (`tamperIdToken`, re-signed with the provider's own key) to
 * check that the app refuses a wrong audience, nonce or expiry.
 */
export interface LoopbackAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface LoopbackClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface LoopbackOidc {
  issuer: string;
  /** The account the next sign-in at the provider is (set it before a flow). */
  account: LoopbackAccount;
  /** Rewrites the claims of the ID tokens the token endpoint answers, or null to leave them. */
  tamperIdToken: ((claims: JWTPayload) => JWTPayload) | null;
  /** Re-sign tampered ID tokens with a key that is not the provider's (same kid): a forged signature. */
  signWithForeignKey: boolean;
  /**
   * Plays the browser at the provider: follows `authorizeUrl` through the automatic login and consent
   * until the provider redirects to a URL starting with `redirectPrefix`, and answers that URL.
   */
  browse(authorizeUrl: string, redirectPrefix: string): Promise<URL>;
  /** A whole code flow as a client of the provider would run it: its access token. */
  accessToken(oidcClient: LoopbackClient): Promise<string>;
  close(): Promise<void>;
}

export async function startLoopbackOidc(clients: LoopbackClient[], port = 0): Promise<LoopbackOidc> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk = { ...(await exportJWK(privateKey)), kid: 'loopback-1', alg: 'RS256', use: 'sig' };

  const foreignKey = (await generateKeyPair('RS256')).privateKey;

  const state: Pick<LoopbackOidc, 'account' | 'tamperIdToken' | 'signWithForeignKey'> = {
    account: { sub: 'loopback-1', email: 'ana@example.edu', email_verified: true, name: 'Ana Loopback' },
    tamperIdToken: null,
    signWithForeignKey: false,
  };

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'] })),
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['loopback-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    features: {
      devInteractions: { enabled: false },
      introspection: { enabled: true, allowedPolicy: async () => true },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = state.account;
      if (sub !== account.sub) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
  });

  // Rewrites the ID token of token-endpoint answers (after the provider made them).
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && state.tamperIdToken && body?.id_token) {
      const claims = state.tamperIdToken(decodeJwt(body.id_token));
      body.id_token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: signingJwk.kid })
        .sign(state.signWithForeignKey ? foreignKey : privateKey);
    }
  });

  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    // Automatic login and consent, as `state.account`.
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        const accountId = state.account.sub;
        const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
    })();
  });

  async function browse(authorizeUrl: string, redirectPrefix: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = authorizeUrl;
    for (let hop = 0; hop < 10; hop += 1) {
      if (url.startsWith(redirectPrefix)) return new URL(url);
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const [name = '', value = ''] = pair.split('=');
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name.trim());
        else jar.set(name.trim(), value);
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
      url = new URL(location, url).href;
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    get account() {
      return state.account;
    },
    set account(account: LoopbackAccount) {
      state.account = account;
    },
    get tamperIdToken() {
      return state.tamperIdToken;
    },
    set tamperIdToken(tamper) {
      state.tamperIdToken = tamper;
    },
    get signWithForeignKey() {
      return state.signWithForeignKey;
    },
    set signWithForeignKey(value: boolean) {
      state.signWithForeignKey = value;
    },
    browse,
    async accessToken(oidcClient: LoopbackClient): Promise<string> {
      const config = await client.discovery(
        new URL(issuer),
        oidcClient.client_id,
        oidcClient.client_secret,
        undefined,
        { execute: [client.allowInsecureRequests] },
      );
      const verifier = client.randomPKCECodeVerifier();
      const redirectUri = oidcClient.redirect_uris[0] ?? '';
      const authorizeUrl = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const back = await browse(authorizeUrl.href, redirectUri);
      const tokens = await client.authorizationCodeGrant(config, back, {
        pkceCodeVerifier: verifier,
        idTokenExpected: true,
      });
      return tokens.access_token;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

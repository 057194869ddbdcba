import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/lib/audit.js';
import { OIDC_FAILURE_WINDOW_MS, OIDC_FAILURES_PER_IP } from '../../../src/features/oidc/oidc.limits.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { hashToken } from '../../../src/lib/tokens.js';
import { createUser } from '../../helpers/factories.js';
import { tokenFromLink } from '../../helpers/mailbox.js';
import {
  startLoopbackOidc,
  type LoopbackAccount,
  type LoopbackOidc,
} from '../../../../../e2e/support/oidc-provider.js';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../../helpers/test-app.js';

const CLIENT = {
  client_id: 'teamboard',
  client_secret: 'teamboard-secret-0123456789',
  redirect_uris: [`${TEST_APP_URL}/api/auth/oidc/callback`, 'https://spec-client.example/back'],
};
/** Another application at the same provider: its tokens must not sign anyone in here. */
const OTHER_CLIENT = {
  client_id: 'other-app',
  client_secret: 'other-app-secret-0123456789',
  redirect_uris: ['https://other-app.example/back'],
};
const CALLBACK = `${TEST_APP_URL}/api/auth/oidc/callback`;
const FINISH = `${TEST_APP_URL}/oidc/finish#`;

/**
 * Sign-in with OpenID Connect against a real provider (oidc-provider) on loopback: the app checks
 * state, nonce, the ID token's signature, issuer, audience and expiry through openid-client, signs in
 * only verified emails, links existing accounts by email, and lets a new person in only after the terms.
 */
describe.skipIf(!isDatabaseAvailable)('sign-in with OpenID Connect', () => {
  let provider: LoopbackOidc;
  let t: TestApp;
  const lines: string[] = [];

  const account = (overrides: Partial<LoopbackAccount> = {}): LoopbackAccount => ({
    sub: 'sub-ana',
    email: 'ana@uni.example',
    email_verified: true,
    name: 'Ana Torres',
    ...overrides,
  });

  function auditEntries(): AuditEntry[] {
    return lines
      .map((line) => JSON.parse(line) as { audit?: AuditEntry })
      .flatMap((entry) => (entry.audit ? [entry.audit] : []));
  }

  /** Start at the app, go through the provider, come back: the app's callback request, not yet sent. */
  async function throughProvider(): Promise<{ callbackUrl: URL; cookie: string }> {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/authorize' });
    expect(start.statusCode).toBe(302);
    const setCookie = String(start.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    const cookie = setCookie.split(';')[0] ?? '';
    const callbackUrl = await provider.browse(String(start.headers.location), CALLBACK);
    return { callbackUrl, cookie };
  }

  /** The callback: where it sends the browser (`code` or `error` in the fragment). */
  async function callback(callbackUrl: URL, cookie: string): Promise<URLSearchParams> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/callback${callbackUrl.search}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    expect(location.startsWith(FINISH)).toBe(true);
    return new URLSearchParams(location.slice(FINISH.length));
  }

  async function signInFlow(): Promise<URLSearchParams> {
    const { callbackUrl, cookie } = await throughProvider();
    return callback(callbackUrl, cookie);
  }

  const exchange = (code: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/oidc/exchange', payload: { code } });

  beforeAll(async () => {
    provider = await startLoopbackOidc([CLIENT, OTHER_CLIENT]);
  });
  afterAll(() => provider.close());

  beforeEach(async () => {
    lines.length = 0;
    provider.tamperIdToken = null;
    provider.signWithForeignKey = false;
    provider.account = account();
    t = await buildTestApp({
      logStream: { write: (line) => void lines.push(line) },
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: CLIENT.client_id,
        OIDC_CLIENT_SECRET: CLIENT.client_secret,
        OIDC_PROVIDER_NAME: 'Campus SSO',
      },
    });
  });
  afterEach(() => t.close());

  it('the public config names the provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({ google_sign_in: true, sign_in_provider: 'Campus SSO' });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/authorize' });
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
  });

  it('signs an existing account in with the same session headers as password sign-in', async () => {
    const ana = await createUser(t.db, { email: 'ana@uni.example' });
    const fragment = await signInFlow();
    const code = fragment.get('code');
    expect(code).toBeTruthy();

    const response = await exchange(code ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { id: ana.id, email: 'ana@uni.example' }, sign_up: null });
    for (const header of ['access-token', 'client', 'uid', 'expiry'])
      expect(response.headers[header]).toBeTruthy();
    expect(response.headers['cache-control']).toBe('no-store');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/validate_token',
      headers: {
        'access-token': String(response.headers['access-token']),
        client: String(response.headers.client),
        uid: String(response.headers.uid),
      },
    });
    expect(me.json().data.id).toBe(ana.id);

    // The link is recorded (issuer + subject), and the audit log has the linking and the sign-in.
    const links = await t.db.selectFrom('user_identities').selectAll().execute();
    expect(links).toMatchObject([{ user_id: ana.id, issuer: provider.issuer, subject: 'sub-ana' }]);
    const events = auditEntries().map((entry) => [entry.event, entry.method ?? null]);
    expect(events).toContainEqual(['account.oidc_linked', null]);
    expect(events).toContainEqual(['sign_in.succeeded', 'oidc']);

    // The one-time code is used up.
    const again = await exchange(code ?? '');
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('OIDC_CODE_NOT_VALID');
  });

  it('finds a linked account by its subject even after the email changed at the provider', async () => {
    const ana = await createUser(t.db, { email: 'ana@uni.example' });
    await exchange((await signInFlow()).get('code') ?? '');
    provider.account = account({ email: 'ana.torres@uni.example' });
    const response = await exchange((await signInFlow()).get('code') ?? '');
    expect(response.json().data.id).toBe(ana.id);
  });

  describe('an unconfirmed account with the verified email (someone signed up with it, issue 43)', () => {
    const SQUATTER_PASSWORD = 'squatter password 1';
    const OWNER_PASSWORD = 'the owner chose this';
    const userRow = (id: number) =>
      t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const passwordSignIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        payload: { email: 'ana@uni.example', password },
      });
    const validate = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/auth/validate_token', headers });

    /**
     * Someone signs up with Ana's address and never confirms. Profile text and a session no route
     * gives an unconfirmed account today are set directly too: taking the account back must not
     * depend on that staying so. Answers the squatter's row and session headers.
     */
    async function squat() {
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: {
          name: 'Not Ana',
          email: 'ana@uni.example',
          password: SQUATTER_PASSWORD,
          password_confirmation: SQUATTER_PASSWORD,
          terms_accepted: true,
          language: 'es',
        },
      });
      expect(signUp.statusCode).toBe(201);
      const squatter = await t.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'ana@uni.example')
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('users')
        .set({ gitname: 'squatter-git', slack_id: 'U-SQUAT', section: 'Z', watched_tutorial: 1 })
        .where('id', '=', squatter.id)
        .execute();
      const session = { 'access-token': 'squatter-access-token-0123456789', client: 'squatter-client' };
      const now = t.clock.now();
      await t.db
        .insertInto('auth_sessions')
        .values({
          user_id: squatter.id,
          client: session.client,
          token_hash: hashToken(t.config.secretKey, session['access-token']),
          expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
          created_at: now.toISOString(),
          last_used_at: now.toISOString(),
        })
        .execute();
      const headers = { ...session, uid: 'ana@uni.example' };
      // The squatter's password is right; only the missing confirmation keeps them out.
      expect((await passwordSignIn(SQUATTER_PASSWORD)).json().code).toBe('ACCOUNT_NOT_CONFIRMED');
      expect((await validate(headers)).statusCode).toBe(200);
      return { squatter, headers };
    }

    /** Nothing the squatter set is left, and the owner is signed in with the account. */
    async function expectTakenBack(id: number, squatterHeaders: Record<string, string>, language: string) {
      const row = await userRow(id);
      expect(row).toMatchObject({
        name: 'Ana Torres',
        language,
        provider: 'oidc',
        password_hash: '',
        gitname: null,
        slack_id: null,
        section: null,
        watched_tutorial: 0,
      });
      expect(row.confirmed_at).not.toBeNull();
      // The terms acceptance is the owner's own, made in this sign-in.
      expect(row.terms_accepted_at).toBe(t.clock.now().toISOString());
      const signIn = await passwordSignIn(SQUATTER_PASSWORD);
      expect(signIn.statusCode).toBe(401);
      expect(signIn.json().code).toBe('INVALID_CREDENTIALS');
      expect((await validate(squatterHeaders)).statusCode).toBe(401);
      const tokens = await t.db.selectFrom('user_tokens').selectAll().where('user_id', '=', id).execute();
      expect(tokens).toEqual([]);
      const links = await t.db.selectFrom('user_identities').selectAll().execute();
      expect(links).toMatchObject([{ user_id: id, subject: 'sub-ana' }]);
      const linked = auditEntries().find((entry) => entry.event === 'account.oidc_linked');
      expect(linked).toMatchObject({ user_id: id, reclaimed: 1 });
    }

    it('asks the owner for the terms, then leaves the squatter no password, session, link or profile text', async () => {
      const { squatter, headers } = await squat();
      const confirmationLink = t.mail.lastTo('ana@uni.example').links[0]!;

      const code = (await signInFlow()).get('code') ?? '';
      const step = await exchange(code);
      // Not signed in to the squatter's account: the owner is a new person, who accepts the terms.
      expect(step.json()).toEqual({ data: null, sign_up: { email: 'ana@uni.example', name: 'Ana Torres' } });
      expect(step.headers['access-token']).toBeUndefined();
      expect(await t.db.selectFrom('user_identities').selectAll().execute()).toEqual([]);

      const done = await t.app.inject({
        method: 'POST',
        url: '/api/auth/oidc/sign_up',
        payload: { code, terms_accepted: true, language: 'en' },
      });
      expect(done.statusCode).toBe(200);
      expect(done.json().data).toMatchObject({ id: squatter.id, name: 'Ana Torres', language: 'en' });
      const owner = {
        'access-token': String(done.headers['access-token']),
        client: String(done.headers.client),
        uid: String(done.headers.uid),
      };
      expect((await validate(owner)).json().data.id).toBe(squatter.id);
      await expectTakenBack(squatter.id, headers, 'en');
      // The confirmation link mailed at the squatter's sign-up is gone with the rest.
      const confirm = await t.app.inject({
        method: 'POST',
        url: '/api/users/confirm',
        payload: { confirmation_token: tokenFromLink(confirmationLink) },
      });
      expect(confirm.json().code).toBe('TOKEN_INVALID');

      // The owner sets a password through "forgot password", and signs in with it.
      await t.app.inject({ method: 'POST', url: '/api/users/forgot', payload: { email: 'ana@uni.example' } });
      const resetToken = tokenFromLink(t.mail.lastTo('ana@uni.example').links[0]!);
      const reset = await t.app.inject({
        method: 'POST',
        url: `/api/users/${resetToken}/reset`,
        payload: { password: OWNER_PASSWORD, password_confirmation: OWNER_PASSWORD },
      });
      expect(reset.statusCode).toBe(200);
      const signIn = await passwordSignIn(OWNER_PASSWORD);
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().data.id).toBe(squatter.id);
    });

    it('through SPEC §7 too: the terms first, then the account is taken back the same way', async () => {
      const { squatter, headers } = await squat();
      const accessToken = await provider.accessToken({
        ...CLIENT,
        redirect_uris: ['https://spec-client.example/back'],
      });
      const post = (payload: object) =>
        t.app.inject({ method: 'POST', url: '/api/google_oauth2/callback', payload });
      const refused = await post({ accessToken, url: 'x' });
      expect(refused.json().code).toBe('TERMS_NOT_ACCEPTED');
      expect((await userRow(squatter.id)).name).toBe('Not Ana');

      const done = await post({ accessToken, url: 'x', terms_accepted: true, language: 'en' });
      expect(done.statusCode).toBe(200);
      expect(done.json().data).toMatchObject({ id: squatter.id, name: 'Ana Torres' });
      await expectTakenBack(squatter.id, headers, 'en');
    });

    it('refuses it when an administrator blocked it, and changes nothing', async () => {
      const blocked = await createUser(t.db, {
        email: 'ana@uni.example',
        isConfirmed: false,
        isBlocked: true,
      });
      expect((await signInFlow()).get('error')).toBe('ACCOUNT_BLOCKED');
      expect(await userRow(blocked.id)).toEqual(blocked);
    });
  });

  it('a new person accepts the terms before the account exists', async () => {
    const code = (await signInFlow()).get('code') ?? '';
    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: null, sign_up: { email: 'ana@uni.example', name: 'Ana Torres' } });
    expect(first.headers['access-token']).toBeUndefined();
    expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/sign_up',
      payload: { code, terms_accepted: false },
      headers: { 'accept-language': 'es' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('TERMS_NOT_ACCEPTED');
    expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/sign_up',
      payload: { code, terms_accepted: true, language: 'es' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      email: 'ana@uni.example',
      name: 'Ana Torres',
      provider: 'oidc',
      language: 'es',
    });
    expect(done.headers['access-token']).toBeTruthy();
    const user = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.confirmed_at).not.toBeNull();
    expect(user.terms_accepted_at).not.toBeNull();

    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/sign_up',
      payload: { code, terms_accepted: true },
    });
    expect(replay.json().code).toBe('OIDC_CODE_NOT_VALID');
    // Next time the same person is simply signed in.
    const next = await exchange((await signInFlow()).get('code') ?? '');
    expect(next.json().data.id).toBe(user.id);
  });

  it('refuses a forged state', async () => {
    const { callbackUrl, cookie } = await throughProvider();
    callbackUrl.searchParams.set('state', 'forged-state');
    const fragment = await callback(callbackUrl, cookie);
    expect(fragment.get('error')).toBe('OIDC_SIGN_IN_FAILED');
    expect(fragment.get('code')).toBeNull();
    expect(auditEntries().find((entry) => entry.event === 'sign_in.failed')).toMatchObject({
      method: 'oidc',
      code: 'OIDC_SIGN_IN_FAILED',
    });
  });

  it('refuses a callback without the browser’s flow cookie (login CSRF)', async () => {
    const { callbackUrl } = await throughProvider();
    expect((await callback(callbackUrl, '')).get('error')).toBe('OIDC_SIGN_IN_FAILED');
  });

  it('refuses an ID token with a wrong nonce', async () => {
    await createUser(t.db, { email: 'ana@uni.example' });
    provider.tamperIdToken = (claims) => ({ ...claims, nonce: 'not-the-one-sent' });
    expect((await signInFlow()).get('error')).toBe('OIDC_SIGN_IN_FAILED');
  });

  it('refuses an ID token for another audience', async () => {
    await createUser(t.db, { email: 'ana@uni.example' });
    provider.tamperIdToken = (claims) => ({ ...claims, aud: 'other-app' });
    expect((await signInFlow()).get('error')).toBe('OIDC_SIGN_IN_FAILED');
  });

  it('refuses an expired ID token', async () => {
    await createUser(t.db, { email: 'ana@uni.example' });
    const now = Math.floor(Date.now() / 1000);
    provider.tamperIdToken = (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 });
    expect((await signInFlow()).get('error')).toBe('OIDC_SIGN_IN_FAILED');
  });

  it('refuses an ID token signed by another key', async () => {
    await createUser(t.db, { email: 'ana@uni.example' });
    provider.tamperIdToken = (claims) => claims;
    provider.signWithForeignKey = true;
    expect((await signInFlow()).get('error')).toBe('OIDC_SIGN_IN_FAILED');
  });

  it('accepts an untouched ID token re-signed by the provider key (the tamper hook itself is sound)', async () => {
    await createUser(t.db, { email: 'ana@uni.example' });
    provider.tamperIdToken = (claims) => claims;
    expect((await signInFlow()).get('code')).toBeTruthy();
  });

  it('refuses an email the provider has not verified', async () => {
    await createUser(t.db, { email: 'ana@uni.example' });
    provider.account = account({ email_verified: false });
    expect((await signInFlow()).get('error')).toBe('OIDC_EMAIL_NOT_VERIFIED');
    expect(await t.db.selectFrom('user_identities').selectAll().execute()).toEqual([]);
  });

  it('refuses a replayed authorization code', async () => {
    await createUser(t.db, { email: 'ana@uni.example' });
    const { callbackUrl, cookie } = await throughProvider();
    expect((await callback(callbackUrl, cookie)).get('code')).toBeTruthy();
    expect((await callback(callbackUrl, cookie)).get('error')).toBe('OIDC_SIGN_IN_FAILED');
  });

  it('refuses a blocked account', async () => {
    await createUser(t.db, { email: 'ana@uni.example', isBlocked: true });
    expect((await signInFlow()).get('error')).toBe('ACCOUNT_BLOCKED');
  });

  it('answers an unknown one-time code with 401 in the request language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/exchange',
      payload: { code: 'no-such-code' },
      headers: { 'accept-language': 'es' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'OIDC_CODE_NOT_VALID',
      errors: [
        'Este inicio de sesión caducó o ya se usó. Vuelve a empezar desde la pantalla de inicio de sesión.',
      ],
    });
  });

  describe('SPEC §7 POST /api/google_oauth2/callback', () => {
    const specCallback = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/google_oauth2/callback', payload });

    it('signs in with the provider access token of this client, answering like sign-in', async () => {
      const ana = await createUser(t.db, { email: 'ana@uni.example' });
      const accessToken = await provider.accessToken({
        ...CLIENT,
        redirect_uris: ['https://spec-client.example/back'],
      });
      const response = await specCallback({ accessToken, url: 'https://spec-client.example/back' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: ana.id, email: 'ana@uni.example' });
      for (const header of ['access-token', 'client', 'uid', 'expiry'])
        expect(response.headers[header]).toBeTruthy();
    });

    it('creates a new account only with the terms accepted', async () => {
      const accessToken = await provider.accessToken({
        ...CLIENT,
        redirect_uris: ['https://spec-client.example/back'],
      });
      const refused = await specCallback({ accessToken, url: 'x' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('TERMS_NOT_ACCEPTED');
      expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);
      const created = await specCallback({ accessToken, url: 'x', terms_accepted: true });
      expect(created.statusCode).toBe(200);
      expect(created.json().data).toMatchObject({ email: 'ana@uni.example', provider: 'oidc' });
    });

    it('refuses an access token issued to another application', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const accessToken = await provider.accessToken(OTHER_CLIENT);
      const response = await specCallback({ accessToken, url: 'x' });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('OIDC_SIGN_IN_FAILED');
    });

    it('refuses a made-up token and an unverified email', async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      expect((await specCallback({ accessToken: 'made-up', url: 'x' })).json().code).toBe(
        'OIDC_SIGN_IN_FAILED',
      );
      provider.account = account({ email_verified: false });
      const accessToken = await provider.accessToken({
        ...CLIENT,
        redirect_uris: ['https://spec-client.example/back'],
      });
      expect((await specCallback({ accessToken, url: 'x' })).json().code).toBe('OIDC_EMAIL_NOT_VERIFIED');
    });

    it(`answers 429 to an address after ${OIDC_FAILURES_PER_IP} failed callbacks, before asking the provider; a success counts nowhere`, async () => {
      await createUser(t.db, { email: 'ana@uni.example' });
      const accessToken = await provider.accessToken({
        ...CLIENT,
        redirect_uris: ['https://spec-client.example/back'],
      });
      for (let failure = 1; failure < OIDC_FAILURES_PER_IP; failure++)
        expect((await specCallback({ accessToken: 'made-up', url: 'x' })).statusCode).toBe(401);
      expect((await specCallback({ accessToken, url: 'x' })).statusCode).toBe(200);
      expect((await specCallback({ accessToken: 'made-up', url: 'x' })).statusCode).toBe(401);

      // Over the limit: refused before the provider is asked, so even a good token waits.
      const limited = await t.app.inject({
        method: 'POST',
        url: '/api/google_oauth2/callback',
        headers: { 'accept-language': 'es' },
        payload: { accessToken, url: 'x' },
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        code: 'RATE_LIMITED',
        errors: ['Demasiados intentos. Espera unos minutos e inténtalo de nuevo.'],
      });
      const { callbackUrl, cookie } = await throughProvider();
      expect((await callback(callbackUrl, cookie)).get('error')).toBe('RATE_LIMITED');
      // Another address is not affected; this one is let in again once its window has passed.
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/google_oauth2/callback',
        remoteAddress: '198.51.100.7',
        payload: { accessToken, url: 'x' },
      });
      expect(elsewhere.statusCode).toBe(200);
      t.clock.advance(OIDC_FAILURE_WINDOW_MS);
      expect((await specCallback({ accessToken, url: 'x' })).statusCode).toBe(200);
    });

    it('refuses unknown fields (no mass assignment)', async () => {
      const response = await specCallback({ accessToken: 'x', url: 'x', account_type: 'admin' });
      expect(response.statusCode).toBe(422);
    });
  });
});

describe.skipIf(!isDatabaseAvailable)('sign-in with OpenID Connect, not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('hides the button and answers 404 on every route', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
      google_sign_in: false,
      sign_in_provider: null,
    });
    for (const [method, url, payload] of [
      ['GET', '/api/auth/oidc/authorize', undefined],
      ['GET', '/api/auth/oidc/callback?code=x&state=y', undefined],
      ['POST', '/api/auth/oidc/exchange', { code: 'x' }],
      ['POST', '/api/auth/oidc/sign_up', { code: 'x', terms_accepted: true }],
      ['POST', '/api/google_oauth2/callback', { accessToken: 'x', url: 'y' }],
    ] as const) {
      const response = await t.app.inject({ method, url, payload });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('OIDC_NOT_CONFIGURED');
    }
  });
});

import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackOidc, type LoopbackOidc } from '../../../../e2e/support/oidc-provider.js';
import { createBoardFixture, pngBytes, upload } from '../helpers/boards.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { createUser, PASSWORD, signIn, type TokenHeaders } from '../helpers/factories.js';
import { GitRepos } from '../helpers/git-repos.js';
import { tokenFromLink } from '../helpers/mailbox.js';
import { multipartFile } from '../helpers/multipart.js';
import { apiAs } from '../helpers/projects.js';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../helpers/test-app.js';

// Issue 43, point 5: no credential in a log line. A whole run — sign-up and confirmation, password
// sign-in, a reset, OpenID Connect (browser flow and SPEC §7), signed downloads, profile photos,
// webhooks, an unexpected error quoting an upstream URL — logs at the most verbose level, and not one
// of the secrets the run handed out or used is in any line, in every NODE_ENV.

const CLIENT = {
  client_id: 'teamboard',
  client_secret: 'teamboard-secret-0123456789',
  redirect_uris: [`${TEST_APP_URL}/api/auth/oidc/callback`, 'https://spec-client.example/back'],
};
const SECRET_KEY = 'log-scan-secret-key-0123456789abcdef-0123';
const NEW_PASSWORD = 'a new password for ana';

describe.skipIf(!isDatabaseAvailable)('no credential in a log line (a whole run)', () => {
  let provider: LoopbackOidc;
  let t: TestApp;
  let repos: GitRepos;
  const lines: string[] = [];
  /** Every secret the run handed out or used, by what it is (for the failure message). */
  const secrets = new Map<string, string>();
  const keep = (what: string, value: string | null | undefined) => {
    expect(value, what).toBeTruthy();
    secrets.set(value!, what);
  };

  beforeAll(async () => {
    provider = await startLoopbackOidc([CLIENT]);
  });
  afterAll(() => provider.close());
  afterEach(async () => {
    await t?.close();
    rmSync(repos.root, { recursive: true, force: true });
  });

  const inject = (method: 'GET' | 'POST', url: string, payload?: object, headers?: object) =>
    t.app.inject({ method, url, payload, headers: headers as Record<string, string> });

  async function passwordFlows(): Promise<TokenHeaders> {
    await inject('POST', '/api/auth', {
      name: 'Nia',
      email: 'nia@uni.example',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms_accepted: true,
    });
    const confirmation = tokenFromLink(t.mail.lastTo('nia@uni.example').links[0]!);
    keep('confirmation token', confirmation);
    await inject('GET', `/api/auth/confirmation?confirmation_token=${confirmation}`);
    await inject('POST', '/api/users/confirm', { confirmation_token: confirmation });
    keep('password', PASSWORD);
    await inject('POST', '/api/auth/sign_in', { email: 'nia@uni.example', password: 'a wrong guess 1' });
    keep('wrong password', 'a wrong guess 1');
    const headers = await signIn(t.app, 'nia@uni.example');
    keep('access token', headers['access-token']);
    keep('client id', headers.client);
    await inject('GET', '/api/activity?limit=5', undefined, headers);

    await inject('POST', '/api/users/forgot', { email: 'nia@uni.example' });
    const reset = tokenFromLink(t.mail.lastTo('nia@uni.example').links[0]!);
    keep('reset token', reset);
    await inject('GET', `/reset_password/${reset}`);
    const resetPayload = { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    expect((await inject('POST', `/api/users/${reset}/reset`, resetPayload)).statusCode).toBe(200);
    keep('new password', NEW_PASSWORD);
    const again = await signIn(t.app, 'nia@uni.example', NEW_PASSWORD);
    keep('access token after reset', again['access-token']);
    keep('client id after reset', again.client);
    return again;
  }

  async function oidcFlows(): Promise<void> {
    await createUser(t.db, { email: 'ana@uni.example' });
    provider.account = { sub: 'sub-ana', email: 'ana@uni.example', email_verified: true, name: 'Ana' };
    const start = await inject('GET', '/api/auth/oidc/authorize');
    const authorize = new URL(String(start.headers.location));
    keep('OIDC state', authorize.searchParams.get('state'));
    keep('OIDC nonce', authorize.searchParams.get('nonce'));
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    keep('sealed OIDC flow', cookie.split('=')[1]);
    const back = await provider.browse(authorize.toString(), `${TEST_APP_URL}/api/auth/oidc/callback`);
    keep('OIDC authorization code', back.searchParams.get('code'));
    const callback = await inject('GET', `/api/auth/oidc/callback${back.search}`, undefined, { cookie });
    const handoff = new URLSearchParams(String(callback.headers.location).split('#')[1]).get('code');
    keep('one-time handoff code', handoff);
    const exchange = await inject('POST', '/api/auth/oidc/exchange', { code: handoff });
    keep('OIDC session access token', String(exchange.headers['access-token']));
    keep('OIDC session client', String(exchange.headers.client));

    const accessToken = await provider.accessToken({ ...CLIENT, redirect_uris: [CLIENT.redirect_uris[1]!] });
    keep('provider access token', accessToken);
    const spec = await inject('POST', '/api/google_oauth2/callback', { accessToken, url: 'x' });
    expect(spec.statusCode).toBe(200);
    keep('SPEC session access token', String(spec.headers['access-token']));
  }

  async function downloads(headers: TokenHeaders): Promise<void> {
    const api = apiAs(t.app, headers);
    const projectId = (await api('POST', '/api/projects', { name: 'P' })).json().data.id;
    const fixture = await createBoardFixture(t.app, projectId, api, api, headers);
    const attachment = (
      await upload(t.app, headers, fixture.taskId, 'a.png', await pngBytes(), 'image/png')
    ).json().data;
    for (const link of [attachment.url, attachment.thumbnail_url] as string[]) {
      const url = new URL(link, TEST_APP_URL);
      keep('attachment key', url.pathname.split('/').at(-1));
      keep('attachment signature', url.searchParams.get('signature'));
      expect((await inject('GET', link)).statusCode).toBe(200);
    }
    const photo = multipartFile('file', 'me.png', 'image/png', await pngBytes(300, 300));
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/users/image',
      payload: photo.payload,
      headers: { ...headers, ...photo.headers },
    });
    const image: string = avatar.json().data.image;
    keep('avatar key', image.split('/').at(-1));
    expect((await inject('GET', image)).statusCode).toBe(200);

    // Webhooks: the secret travels in a header, or signs the body.
    const repository = await api('POST', `/api/projects/${projectId}/repositories`, {
      provider: 'git',
      url: repos.bare,
    });
    const id = repository.json().data.id;
    const hook = (await api('GET', `/api/repositories/${id}/webhook`)).json().data;
    keep('webhook secret', hook.secret);
    const body = '{"ref":"refs/heads/main"}';
    const githubSignature = `sha256=${createHmac('sha256', hook.secret).update(body).digest('hex')}`;
    keep('webhook signature', githubSignature.slice('sha256='.length));
    for (const proof of [{ 'x-teamboard-token': hook.secret }, { 'x-hub-signature-256': githubSignature }]) {
      const delivery = await t.app.inject({
        method: 'POST',
        url: `/api/code_hosting/webhooks/${id}`,
        headers: { 'content-type': 'application/json', ...proof },
        payload: body,
      });
      expect(delivery.statusCode, delivery.body).toBeLessThan(300);
    }
  }

  /** An unexpected error that quotes an upstream signed URL and carries the request's headers. */
  async function leakyError(): Promise<void> {
    keep('upstream signature', 'upstream-signature-0123456789');
    keep('upstream bearer token', 'upstream-bearer-0123456789');
    const response = await inject('GET', '/api/test/leaky?sig=upstream-signature-0123456789', undefined, {
      authorization: 'Bearer upstream-bearer-0123456789',
    });
    expect(response.statusCode).toBe(500);
  }

  it.each(['production', 'development', 'test'])(
    'logs none of the secrets of a whole run with NODE_ENV=%s',
    async (nodeEnv) => {
      lines.length = 0;
      secrets.clear();
      repos = new GitRepos();
      t = await buildTestApp({
        env: {
          NODE_ENV: nodeEnv,
          LOG_LEVEL: 'trace',
          SECRET_KEY,
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: CLIENT.client_id,
          OIDC_CLIENT_SECRET: CLIENT.client_secret,
          CODE_HOSTING_LOCAL_ROOTS: repos.root,
        },
        logStream: { write: (line) => void lines.push(line) },
        beforeReady: (app) =>
          app.get('/api/test/leaky', { config: { permission: 'public' } }, async (request) => {
            const query = request.query as { sig: string };
            const failure = new Error(
              `upstream refused https://files.example/x?X-Amz-Signature=${query.sig}`,
            );
            throw Object.assign(failure, { request: { headers: request.headers } });
          }),
      });
      keep('SECRET_KEY', SECRET_KEY);
      keep('OIDC client secret', CLIENT.client_secret);

      const headers = await passwordFlows();
      await oidcFlows();
      await downloads(headers);
      await leakyError();

      const log = lines.join('');
      const found = [...secrets].filter(([secret]) => log.includes(secret)).map(([, what]) => what);
      expect(found).toEqual([]);
      // The run was logged: its requests are there, with their credentials redacted and the rest kept.
      for (const logged of [
        '/api/auth/oidc/callback?code=[REDACTED]&state=[REDACTED]',
        '/api/auth/confirmation?confirmation_token=[REDACTED]',
        '/reset_password/[REDACTED]',
        '/api/users/[REDACTED]/reset',
        '/api/files/attachments/[REDACTED]?expires=[REDACTED]&signature=[REDACTED]',
        '/api/files/avatars/[REDACTED]',
        'X-Amz-Signature=[REDACTED]',
        '/api/activity?limit=5',
        '"audit":',
      ])
        expect(log).toContain(logged);
      console.log(
        `log secrets (NODE_ENV=${nodeEnv}): ${lines.length} lines, 0 of ${secrets.size} secrets found`,
      );
    },
    // A whole run (two dozen requests, a git repository, images): its first round also loads sharp
    // and argon2, which on a busy CI machine outlasts the default 20 s.
    60_000,
  );
});

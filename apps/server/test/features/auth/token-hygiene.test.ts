import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, PASSWORD, signIn } from '../../helpers/factories.js';
import { tokenFromLink } from '../../helpers/mailbox.js';
import { linksInRawMail } from '../../helpers/smtp.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

// Issue 13, point 6: a password change retires the reset links mailed before it, and no reset or
// confirmation link reaches the log; without SMTP the outbox folder is the way in, and the log
// says where it is.

const NEW_PASSWORD = 'next password 1';
const RESET_PASSWORD = 'a brand new password';

describe.skipIf(!isDatabaseAvailable)('token hygiene', () => {
  let t: TestApp;
  afterEach(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const resetWith = (token: string) =>
    post(`/api/users/${token}/reset`, { password: RESET_PASSWORD, password_confirmation: RESET_PASSWORD });

  it('answers TOKEN_INVALID for a reset link mailed before a password change', async () => {
    t = await buildTestApp();
    await createUser(t.db, { email: 'ana@uni.example' });
    const headers = await signIn(t.app, 'ana@uni.example');
    await post('/api/users/forgot', { email: 'ana@uni.example' });
    const earlier = tokenFromLink(t.mail.lastTo('ana@uni.example').links[0]!);

    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/auth',
      headers,
      payload: { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    const reused = await resetWith(earlier);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('TOKEN_INVALID');
    await expect(signIn(t.app, 'ana@uni.example', NEW_PASSWORD)).resolves.toBeDefined();

    // A link asked for after the change still works.
    await post('/api/users/forgot', { email: 'ana@uni.example' });
    const later = tokenFromLink(t.mail.lastTo('ana@uni.example').links[0]!);
    expect((await resetWith(later)).statusCode).toBe(200);
  });

  it('leaves a reset link alone when only the profile changes', async () => {
    t = await buildTestApp();
    await createUser(t.db, { email: 'ana@uni.example' });
    const headers = await signIn(t.app, 'ana@uni.example');
    await post('/api/users/forgot', { email: 'ana@uni.example' });
    const token = tokenFromLink(t.mail.lastTo('ana@uni.example').links[0]!);
    await t.app.inject({ method: 'PUT', url: '/api/auth', headers, payload: { name: 'Ana María' } });
    expect((await resetWith(token)).statusCode).toBe(200);
  });

  it.each(['production', 'development'])(
    'never logs a mailed token with NODE_ENV=%s, and names the outbox folder at start-up',
    async (nodeEnv) => {
      const lines: string[] = [];
      t = await buildTestApp({
        env: { NODE_ENV: nodeEnv },
        useConfiguredMailer: true,
        logStream: { write: (line) => void lines.push(line) },
      });
      await createUser(t.db, { email: 'ana@uni.example' });
      await post('/api/auth', {
        name: 'Nia',
        email: 'nia@uni.example',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms_accepted: true,
      });
      await post('/api/users/forgot', { email: 'ana@uni.example' });
      await post('/api/users/resend', { email: 'nia@uni.example' });

      const outbox = path.join(t.dataDir, 'outbox');
      const tokens = readdirSync(outbox)
        .flatMap((file) => linksInRawMail(readFileSync(path.join(outbox, file), 'utf8')))
        .filter((link) => /confirmation_token=|reset_password\//.test(link))
        .map(tokenFromLink);
      expect(tokens).toHaveLength(3);
      const log = lines.join('');
      for (const token of tokens) expect(log).not.toContain(token);
      const startUp = lines.map((line) => JSON.parse(line)).find((entry) => entry.outbox !== undefined);
      expect(startUp.outbox).toBe(outbox);
      expect(startUp.msg).toContain(outbox);
      console.log(`token hygiene (${nodeEnv}): ${lines.length} log lines, 0 of ${tokens.length} tokens`);
    },
  );
});

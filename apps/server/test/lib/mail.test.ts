import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../helpers/database.js';
import { createUser, PASSWORD } from '../helpers/factories.js';
import { decodeQuotedPrintable, linksInRawMail, startSmtpServer } from '../helpers/smtp.js';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../helpers/test-app.js';

const signUpPayload = (email: string, language = 'en') => ({
  name: 'Zoë Núñez',
  email,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  terms_accepted: true,
  language,
});

describe.skipIf(!isDatabaseAvailable)('account mail over real SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url }, useConfiguredMailer: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const lastMailTo = (email: string) => {
    const mail = smtp.messages.filter((message) => message.to.includes(email)).at(-1);
    if (!mail) throw new Error(`no SMTP message to ${email}`);
    return mail;
  };

  it('delivers a confirmation link that confirms the account', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth', payload: signUpPayload('zoe@uni.example') });
    const mail = lastMailTo('zoe@uni.example');
    expect(mail.raw).toMatch(/^Subject: Confirm your TeamBoard account/m);
    const link = linksInRawMail(mail.raw).find((url) => url.includes('confirmation_token='));
    expect(link).toMatch(new RegExp(`^${TEST_APP_URL}/api/auth/confirmation\\?confirmation_token=`));
    const token = new URL(link!).searchParams.get('confirmation_token')!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/confirm',
      payload: { confirmation_token: token },
    });
    expect(response.statusCode).toBe(200);
  });

  it('writes the mail in the user language (Spanish, with accents intact)', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: signUpPayload('lucia@uni.example', 'es'),
    });
    const mail = lastMailTo('lucia@uni.example');
    expect(mail.raw).toMatch(/^Subject: Confirma tu cuenta de TeamBoard$/m);
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain('Hola, Zoë Núñez:');
    expect(text).toContain('El enlace es válido durante 48 horas.');
  });

  it('builds reset links from APP_URL even with a forged Host header', async () => {
    await createUser(t.db, { email: 'host@uni.example' });
    await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot',
      payload: { email: 'host@uni.example' },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const mail = lastMailTo('host@uni.example');
    const links = linksInRawMail(mail.raw);
    expect(links.some((url) => url.startsWith(`${TEST_APP_URL}/reset_password/`))).toBe(true);
    expect(mail.raw).not.toContain('evil.example');
  });
});

describe.skipIf(!isDatabaseAvailable)('account mail without SMTP (outbox)', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('writes a real .eml file into DATA_DIR/outbox', async () => {
    t = await buildTestApp({ useConfiguredMailer: true });
    await t.app.inject({ method: 'POST', url: '/api/auth', payload: signUpPayload('outbox@uni.example') });
    const outbox = path.join(t.dataDir, 'outbox');
    const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(raw).toMatch(/^To: outbox@uni\.example$/m);
    expect(
      linksInRawMail(raw).some((url) =>
        url.startsWith(`${TEST_APP_URL}/api/auth/confirmation?confirmation_token=`),
      ),
    ).toBe(true);
  });
});

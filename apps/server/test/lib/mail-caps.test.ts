import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MAILS_PER_IP,
  ACCOUNT_MAILS_PER_RECIPIENT_AND_ACTION,
  ACCOUNT_MAILS_PER_RECIPIENT_AND_IP,
} from '../../src/features/auth/auth.limits.js';
import {
  INVITATION_MAILS_PER_RECIPIENT,
  INVITATION_MAILS_PER_SENDER,
} from '../../src/features/invitations/invitations.mail.js';
import { createAdmin } from '../../src/features/auth/create-admin.js';
import { HOUR_MS } from '../../src/lib/clock.js';
import { SUBJECT_NAME_MAX_LENGTH, subjectName } from '../../src/lib/mailer.js';
import { findUserByEmail } from '../../src/users/users.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { createUser, PASSWORD, signIn } from '../helpers/factories.js';
import { tokenFromLink } from '../helpers/mailbox.js';
import { apiAs, setAccount } from '../helpers/projects.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

// Issue 13, point 4: no mail-sending action can be used to spam. Each test counts the mails really
// handed to the mailer (t.mail) in one abuse case; the answers stay the neutral ones throughout.

const SPAMMER = '198.51.100.66';
const HOME = '192.0.2.7';
const CAFE = '192.0.2.200';

describe('subjectName', () => {
  it('keeps a name on one line, without direction tricks, cut to 40 characters', () => {
    expect(subjectName('Eve\r\nBcc: victim@uni.example')).toBe('Eve Bcc: victim@uni.example');
    expect(subjectName('\u2028Ana\u0085María\t')).toBe('Ana María');
    expect(subjectName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    const long = subjectName('😀'.repeat(60));
    expect(Array.from(long)).toHaveLength(SUBJECT_NAME_MAX_LENGTH);
    expect(long).toBe('😀'.repeat(SUBJECT_NAME_MAX_LENGTH - 1) + '…');
  });
});

describe.skipIf(!isDatabaseAvailable)('mail caps', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  const signUp = (email: string, ip: string, name = 'Nia') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth',
      remoteAddress: ip,
      payload: { name, email, password: PASSWORD, password_confirmation: PASSWORD, terms_accepted: true },
    });
  const forgot = (email: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/forgot', remoteAddress: ip, payload: { email } });
  const resetWith = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/${token}/reset`,
      payload: { password: 'a brand new password', password_confirmation: 'a brand new password' },
    });
  const lastResetToken = (email: string) => tokenFromLink(t.mail.lastTo(email).links[0]!);

  it('sends a taken address 3 "someone tried to register" mails for 30 sign-ups from one IP, 5 with 30 more IPs', async () => {
    await createUser(t.db, { email: 'taken@uni.example' });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await signUp('taken@uni.example', SPAMMER));
    expect(t.mail.to('taken@uni.example')).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT_AND_IP);
    for (let i = 0; i < 30; i++) answers.push(await signUp('taken@uni.example', `203.0.113.${i + 1}`));
    expect(t.mail.to('taken@uni.example')).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT_AND_ACTION);
    const fresh = await signUp('fresh@uni.example', HOME);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(201);
      expect(answer.body).toBe(fresh.body);
    }
    console.log(
      `mail caps: 60 sign-ups with a taken address, ${t.mail.to('taken@uni.example').length} mails`,
    );
  });

  it('sends 60 confirmation mails for 300 sign-ups from one IP; another IP still gets its mail', async () => {
    for (let i = 0; i < 300; i++)
      expect((await signUp(`bulk${i}@uni.example`, SPAMMER)).statusCode).toBe(201);
    expect(t.mail.messages).toHaveLength(ACCOUNT_MAILS_PER_IP);
    await signUp('student@uni.example', HOME);
    expect(t.mail.to('student@uni.example')).toHaveLength(1);
    console.log(`mail caps: 300 sign-ups from one address, ${ACCOUNT_MAILS_PER_IP} mails`);
  }, 120_000);

  it('keeps the owner able to get a reset mail while strangers ask for theirs', async () => {
    await createUser(t.db, { email: 'victim@uni.example' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      remoteAddress: HOME,
      payload: { email: 'victim@uni.example', password: PASSWORD },
    });
    const neutral = (await forgot('ghost@uni.example', SPAMMER)).body;
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await forgot('victim@uni.example', SPAMMER));
    expect(t.mail.to('victim@uni.example')).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT_AND_IP);
    // Today's complaint: three requests by anyone no longer block the owner, even from a new address.
    answers.push(await forgot('victim@uni.example', CAFE));
    expect(t.mail.to('victim@uni.example')).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT_AND_IP + 1);
    // Many strangers use up the address's hourly allowance…
    for (let i = 0; i < 30; i++) answers.push(await forgot('victim@uni.example', `203.0.113.${i + 1}`));
    expect(t.mail.to('victim@uni.example')).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT_AND_ACTION);
    // …but not the owner's, asking from an address they have signed in from.
    answers.push(await forgot('victim@uni.example', HOME));
    expect(t.mail.to('victim@uni.example')).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT_AND_ACTION + 1);
    expect((await resetWith(lastResetToken('victim@uni.example'))).statusCode).toBe(200);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(neutral);
    }
    console.log(
      `mail caps: 41 reset requests by strangers, ${ACCOUNT_MAILS_PER_RECIPIENT_AND_ACTION} mails; the owner's own went out`,
    );
  });

  it('does not let a capped request replace the link already mailed', async () => {
    await createUser(t.db, { email: 'victim@uni.example' });
    for (let i = 0; i < ACCOUNT_MAILS_PER_RECIPIENT_AND_IP + 2; i++)
      await forgot('victim@uni.example', SPAMMER);
    expect(t.mail.to('victim@uni.example')).toHaveLength(ACCOUNT_MAILS_PER_RECIPIENT_AND_IP);
    expect((await resetWith(lastResetToken('victim@uni.example'))).statusCode).toBe(200);
  });

  it('mails INVITATION_MAILS_PER_SENDER invitations an hour per sender: the rest are refused with 429 and not saved', async () => {
    await createUser(t.db, { email: 'ana@uni.example', name: 'Ana' });
    const ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    const projectId = (await ana('POST', '/api/projects', { name: 'Spam project' })).json().data.id;
    const statuses: number[] = [];
    const tries = INVITATION_MAILS_PER_SENDER + 10;
    for (let i = 0; i < tries; i++) {
      const email = `target${i}@uni.example`;
      statuses.push(
        (await ana('POST', `/api/projects/${projectId}/invitations`, { email, role: 'member' })).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(INVITATION_MAILS_PER_SENDER);
    expect(statuses.filter((status) => status === 429)).toHaveLength(tries - INVITATION_MAILS_PER_SENDER);
    expect(t.mail.messages).toHaveLength(INVITATION_MAILS_PER_SENDER);
    const sent = await ana('GET', `/api/projects/${projectId}/invitations`);
    expect(sent.json().data).toHaveLength(INVITATION_MAILS_PER_SENDER);
    t.clock.advance(HOUR_MS);
    const later = await ana('POST', `/api/projects/${projectId}/invitations`, {
      email: 'late@uni.example',
      role: 'member',
    });
    expect(later.statusCode).toBe(201);
    expect(t.mail.to('late@uni.example')).toHaveLength(1);
    console.log(`mail caps: ${tries} invitations by one sender, ${INVITATION_MAILS_PER_SENDER} mails`);
  });

  it('mails one address 5 invitations an hour from everyone together; the rest wait in the bell', async () => {
    const target = await createUser(t.db, { email: 'target@uni.example' });
    for (let i = 0; i < 8; i++) {
      await createUser(t.db, { email: `sender${i}@uni.example` });
      const sender = apiAs(t.app, await signIn(t.app, `sender${i}@uni.example`));
      const projectId = (await sender('POST', '/api/projects', { name: `Project ${i}` })).json().data.id;
      const sent = await sender('POST', `/api/projects/${projectId}/invitations`, {
        email: target.email,
        role: 'member',
      });
      expect(sent.statusCode).toBe(201);
    }
    expect(t.mail.to(target.email)).toHaveLength(INVITATION_MAILS_PER_RECIPIENT);
    const bell = apiAs(t.app, await signIn(t.app, target.email));
    expect((await bell('GET', '/api/project_invitations')).json().data).toHaveLength(8);
  });

  it('mails one address 5 invitations an hour from 8 roster imports too; the imports succeed and name it', async () => {
    // Issue 43, point 9: a bulk path counts each mail against the address as a single invitation does.
    const teacher = await createUser(t.db, { email: 'teresa@uni.example', name: 'Teresa' });
    await setAccount(t.db, teacher.id, { account_type: 'teacher', max_projects: null });
    const teresa = apiAs(t.app, await signIn(t.app, teacher.email));
    const notMailed: string[][] = [];
    for (let i = 0; i < 8; i++) {
      const template = await teresa('POST', '/api/course_templates', { name: `Course ${i}`, year: 3 });
      expect(template.statusCode, template.body).toBe(201);
      const imported = await teresa('POST', `/api/course_templates/${template.json().data.id}/roster`, {
        csv: 'email,name,team,section,group\r\ntarget@new.example,Tara,Team 1,A,1\r\nother@new.example,Otto,Team 1,A,1',
      });
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().data.applied).toBe(true);
      notMailed.push(imported.json().data.not_mailed);
    }
    expect(t.mail.to('target@new.example')).toHaveLength(INVITATION_MAILS_PER_RECIPIENT);
    expect(notMailed).toEqual([
      ...Array.from({ length: INVITATION_MAILS_PER_RECIPIENT }, () => []),
      ...Array.from({ length: 8 - INVITATION_MAILS_PER_RECIPIENT }, () => [
        'other@new.example',
        'target@new.example',
      ]),
    ]);
    const invitations = await t.db.selectFrom('project_invitations').select('email').execute();
    expect(invitations.filter((row) => row.email === 'target@new.example')).toHaveLength(8);
    // One counter for single and bulk: a single invitation this hour is saved, and not mailed.
    const projectId = (await teresa('POST', '/api/projects', { name: 'Own project' })).json().data.id;
    const single = await teresa('POST', `/api/projects/${projectId}/invitations`, {
      email: 'target@new.example',
      role: 'member',
    });
    expect(single.statusCode).toBe(201);
    expect(t.mail.to('target@new.example')).toHaveLength(INVITATION_MAILS_PER_RECIPIENT);
    console.log(`mail caps: 8 roster imports to one address, ${INVITATION_MAILS_PER_RECIPIENT} mails`);
  });

  it('puts no project name and at most 40 plain characters of the sender’s name in a subject', async () => {
    const sender = await createUser(t.db, {
      email: 'eve@uni.example',
      // Stored before names were kept on one line: the subject must cope with it anyway.
      name: `Eve\r\nBcc: victim@uni.example\r\n\r\n${'Buy now at spam.example '.repeat(3)}`,
    });
    const eve = apiAs(t.app, await signIn(t.app, sender.email));
    const projectName = 'CHEAP PILLS at spam.example, click the link';
    const projectId = (await eve('POST', '/api/projects', { name: projectName })).json().data.id;
    await eve('POST', `/api/projects/${projectId}/invitations`, {
      email: 'target@uni.example',
      role: 'member',
    });
    const { subject, text } = t.mail.lastTo('target@uni.example');
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).not.toContain('PILLS');
    expect(subject).toBe(`${subjectName(sender.name)} invited you to a project on TeamBoard`);
    expect(Array.from(subjectName(sender.name)).length).toBeLessThanOrEqual(SUBJECT_NAME_MAX_LENGTH);
    expect(subjectName(sender.name)).toMatch(/^Eve Bcc: victim@uni\.example Buy now.*…$/);
    expect(text).toContain(projectName);
  });

  it('stores names on one line at sign-up, in the profile and by create-admin; refuses controls alone', async () => {
    await signUp('eve@uni.example', HOME, 'Eve\r\nBcc: victim@uni.example');
    expect((await findUserByEmail(t.db, 'eve@uni.example'))?.name).toBe('Eve Bcc: victim@uni.example');
    const blank = await signUp('blank@uni.example', CAFE, '\u0085\u0007');
    expect(blank.statusCode).toBe(422);
    expect(blank.json().code).toBe('NAME_REQUIRED');

    await createUser(t.db, { email: 'ana@uni.example' });
    const ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    const updated = await ana('PUT', '/api/auth', { name: 'Ana\nMaría\u2029López' });
    expect(updated.json().data.name).toBe('Ana María López');
    expect((await ana('PUT', '/api/auth', { name: '\u0085' })).json().code).toBe('NAME_REQUIRED');

    await createAdmin(t.db, t.appDatabase.stamps, t.clock, {
      email: 'root@uni.example',
      name: 'Root\r\nBcc: x',
      password: PASSWORD,
    });
    expect((await findUserByEmail(t.db, 'root@uni.example'))?.name).toBe('Root Bcc: x');
    await expect(
      createAdmin(t.db, t.appDatabase.stamps, t.clock, {
        email: 'blank@uni.example',
        name: '\u0007',
        password: PASSWORD,
      }),
    ).rejects.toThrow('The name is not valid.');
  });
});

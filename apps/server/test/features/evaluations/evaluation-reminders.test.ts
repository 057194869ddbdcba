import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVALUATION_REMINDERS_JOB } from '../../../src/features/evaluations/evaluation-reminders.js';
import { DAY_MS, HOUR_MS } from '../../../src/lib/clock.js';
import { EVALUATION_MAILS_PER_RECIPIENT } from '../../../src/lib/mail-caps.js';
import type { MailMessage } from '../../../src/lib/mailer.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

/** The clock starts on 2026-11-22 10:00 UTC: 05:00 of the same day in the project's zone (Bogotá). */
const TEAM = {
  title: 'Sprint 1 peer review',
  description: 'Rate how each teammate worked this sprint.',
  type: 'team',
  initial_date: '2026-11-22',
  deadline: '2026-11-23',
  questions: [
    { kind: 'scale', text: 'Communication' },
    { kind: 'text', text: 'One thing to improve' },
  ],
};

interface Question {
  id: number;
}

describe.skipIf(!isDatabaseAvailable)('evaluation reminders (docs/jobs.md)', () => {
  let t: TestApp;
  let ana: Api; // owner, not selected
  const apis = {} as Record<'beto' | 'carla' | 'dani', Api>;
  const ids = {} as Record<'beto' | 'carla' | 'dani', number>;
  let projectId: number;

  beforeEach(async () => {
    t = await buildTestApp();
    await createUser(t.db, { email: 'ana@uni.example', name: 'Ana', language: 'en' });
    ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    projectId = (await ana('POST', '/api/projects', { name: 'Team A', is_private: false })).json().data.id;
    const zone = await ana('PUT', `/api/projects/${projectId}`, { time_zone: 'America/Bogota' });
    expect(zone.statusCode, zone.body).toBe(200);
    for (const [key, name, language] of [
      ['beto', 'Beto', 'es'],
      ['carla', 'Carla', 'en'],
      ['dani', 'Dani', 'en'],
    ] as const) {
      const user = await createUser(t.db, { email: `${key}@uni.example`, name, language });
      apis[key] = apiAs(t.app, await signIn(t.app, `${key}@uni.example`));
      ids[key] = user.id;
      await addMember(t.db, {
        projectId,
        userId: user.id,
        role: 'member',
        folderId: await defaultFolderId(apis[key]),
      });
    }
  });
  afterEach(() => t?.close());

  async function create(body: object = {}) {
    const response = await ana('POST', `/api/projects/${projectId}/evaluations`, {
      ...TEAM,
      member_ids: [ids.beto, ids.carla, ids.dani],
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; questions: Question[] };
  }

  async function createSent(body: object = {}) {
    const evaluation = await create(body);
    const sent = await ana('POST', `/api/evaluations/${evaluation.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    return evaluation;
  }

  /** `rater` scores the other two members; `submit: false` leaves a draft. */
  async function answer(
    rater: 'beto' | 'carla' | 'dani',
    evaluation: { id: number; questions: Question[] },
    submit: boolean,
  ) {
    const [communication] = evaluation.questions;
    const others = (['beto', 'carla', 'dani'] as const).filter((key) => key !== rater);
    const answers = others.map((key) => ({ question_id: communication!.id, subject_id: ids[key], score: 4 }));
    const response = await apis[rater]('PUT', `/api/evaluations/${evaluation.id}/answers`, {
      answers,
      submit,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** Plans the hourly job, lets its hour come and runs every due job (the reminders, then their mail). */
  async function runReminders() {
    await t.app.jobs.planSchedules(true);
    t.clock.advance(HOUR_MS);
    await t.app.jobs.drain();
  }

  const reminders = (): MailMessage[] =>
    t.mail.messages.filter((m) => /^(Reminder|Recordatorio):/.test(m.subject));
  const remindedTo = () =>
    reminders()
      .map((m) => m.to)
      .sort();

  it('reminds each member who has not submitted once, the day before, in their language', async () => {
    const evaluation = await createSent();
    await answer('carla', evaluation, true);
    await answer('dani', evaluation, false); // a draft is not an answer
    await runReminders();

    expect(remindedTo()).toEqual(['beto@uni.example', 'dani@uni.example']);
    const link = `${t.config.appUrl}/project/${projectId}/evaluations/${evaluation.id}`;
    const dani = t.mail.lastTo('dani@uni.example');
    expect(dani.subject).toBe('Reminder: Sprint 1 peer review closes on Nov 23, 2026');
    expect(dani.text).toContain('Hello Dani');
    expect(dani.text).toContain('"Sprint 1 peer review" of the project "Team A"');
    expect(dani.text).toContain('You have one more day to answer');
    expect(dani.text).toContain(link);
    expect(dani.links).toEqual([link]);
    const beto = t.mail.lastTo('beto@uni.example');
    expect(beto.subject).toBe('Recordatorio: Sprint 1 peer review cierra el 23 nov 2026');
    expect(beto.text).toContain('Cierra el 23 nov 2026.');
    expect(beto.text).toContain('Te queda un día más para responder');

    const rows = await t.db.selectFrom('evaluation_reminders').selectAll().orderBy('user_id').execute();
    expect(rows.map((r) => [r.evaluation_id, r.user_id, r.deadline])).toEqual([
      [evaluation.id, ids.beto, '2026-11-23'],
      [evaluation.id, ids.dani, '2026-11-23'],
    ]);

    await runReminders();
    t.clock.advance(DAY_MS); // the deadline day itself: still one per deadline
    await runReminders();
    expect(remindedTo()).toEqual(['beto@uni.example', 'dani@uni.example']);
  });

  it('uses the project’s day: late evening in Bogotá the deadline is still tomorrow, then it is today', async () => {
    await createSent();
    // 2026-11-23 03:00 UTC is 22:00 on the 22nd in Bogotá.
    t.clock.advance(16 * HOUR_MS);
    await runReminders();
    expect(t.mail.lastTo('carla@uni.example').text).toContain('You have one more day to answer');

    const onTheDay = await createSent({ title: 'Retro', deadline: '2026-11-23' });
    t.clock.advance(6 * HOUR_MS); // the run is at 10:00 UTC: 05:00 on the 23rd in Bogotá
    await runReminders();
    const last = t.mail.lastTo('carla@uni.example');
    expect(last.subject).toBe('Reminder: Retro closes on Nov 23, 2026');
    expect(last.text).toContain('Today is the last day to answer.');
    expect(last.links[0]).toMatch(new RegExp(`/evaluations/${onTheDay.id}$`));
  });

  it('sends nothing for a draft, a closed one, an expired one or a deadline further away', async () => {
    await create({ title: 'Draft' });
    const closed = await createSent({ title: 'Closed' });
    expect((await ana('POST', `/api/evaluations/${closed.id}/close`)).statusCode).toBe(200);
    await createSent({ title: 'Later', deadline: '2026-11-25' });
    await createSent({ title: 'Expires', initial_date: '2026-11-22', deadline: '2026-11-22' });
    t.clock.advance(DAY_MS); // the 23rd: 'Expires' ended yesterday, 'Later' closes in two days
    await runReminders();
    expect(reminders()).toEqual([]);
    expect(await t.db.selectFrom('evaluation_reminders').selectAll().execute()).toEqual([]);
  });

  it('allows one more reminder when the deadline moves', async () => {
    const evaluation = await createSent({ type: 'project', member_ids: [ids.carla] });
    await runReminders();
    expect(remindedTo()).toEqual(['carla@uni.example']);

    const moved = await ana('PUT', `/api/evaluations/${evaluation.id}/deadline`, { deadline: '2026-11-24' });
    expect(moved.statusCode, moved.body).toBe(200);
    await runReminders(); // still the 22nd: the new deadline is two days away
    expect(remindedTo()).toEqual(['carla@uni.example']);

    t.clock.advance(DAY_MS);
    await runReminders();
    await runReminders();
    expect(remindedTo()).toEqual(['carla@uni.example', 'carla@uni.example']);
    expect(t.mail.lastTo('carla@uni.example').subject).toBe(
      'Reminder: Sprint 1 peer review closes on Nov 24, 2026',
    );
  });

  it('mails one address 5 evaluation mails an hour from a loop too; a capped reminder waits for a later run', async () => {
    // Issue 43, point 9: the notices of 8 evaluations, then their 8 reminders, all to Carla.
    for (let i = 0; i < 8; i++)
      await createSent({ title: `Review ${i}`, type: 'project', member_ids: [ids.carla] });
    const notices = t.mail.to('carla@uni.example').filter((mail) => !reminders().includes(mail));
    expect(notices).toHaveLength(EVALUATION_MAILS_PER_RECIPIENT);
    await runReminders(); // a new hour: a new allowance
    expect(remindedTo()).toHaveLength(EVALUATION_MAILS_PER_RECIPIENT);
    expect(await t.db.selectFrom('evaluation_reminders').selectAll().execute()).toHaveLength(
      EVALUATION_MAILS_PER_RECIPIENT,
    );
    await runReminders();
    expect(remindedTo()).toHaveLength(8);
    await runReminders();
    expect(remindedTo()).toHaveLength(8); // still one per evaluation and deadline
  });

  it('is a scheduled kind of the job queue', async () => {
    await t.app.jobs.planSchedules(true);
    const row = await t.db
      .selectFrom('jobs')
      .select(['key', 'run_after'])
      .where('kind', '=', EVALUATION_REMINDERS_JOB)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ key: 'evaluation-reminders:every', run_after: '2026-11-22T11:00:00.000Z' });
  });
});

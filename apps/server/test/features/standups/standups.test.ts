import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../src/lib/clock.js';
import { isDatabaseAvailable, TEST_DIALECT } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, setAccount, snapshot, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

/** A valid stand-up body; tests override what they are about. */
const STANDUP = {
  did: 'Wrote the login form',
  will_do: 'Write its tests',
  blockers: '',
  is_blocked: false,
  hours: 5,
  stress: 3,
  feeling: 4,
};

describe.skipIf(!isDatabaseAvailable)('stand-up reports (docs/api-standups.md)', () => {
  let t: TestApp;
  let ana: Api; // owner
  let anaEs: Api;
  let beto: Api; // member
  let carla: Api; // member who never submits
  let vera: Api; // viewer
  let teacher: Api;
  let outsider: Api;
  const ids = {} as Record<'ana' | 'beto' | 'carla' | 'vera', number>;
  let projectId: number;

  async function person(email: string, name: string) {
    const user = await createUser(t.db, { email, name });
    const api = apiAs(t.app, await signIn(t.app, email));
    return { user, api };
  }

  beforeEach(async () => {
    // 2026-11-22T10:00Z, a Sunday; the server (and so a project without a zone) counts days in UTC.
    t = await buildTestApp();
    const a = await person('ana@uni.example', 'Ana');
    ana = a.api;
    ids.ana = a.user.id;
    anaEs = apiAs(t.app, await signIn(t.app, 'ana@uni.example'), { 'accept-language': 'es' });
    projectId = (await ana('POST', '/api/projects', { name: 'Team A', is_private: false })).json().data.id;
    for (const [key, name, role] of [
      ['beto', 'Beto', 'member'],
      ['carla', 'Carla', 'member'],
      ['vera', 'Vera', 'viewer'],
    ] as const) {
      const p = await person(`${key}@uni.example`, name);
      ids[key] = p.user.id;
      await addMember(t.db, { projectId, userId: p.user.id, role, folderId: await defaultFolderId(p.api) });
      if (key === 'beto') beto = p.api;
      if (key === 'carla') carla = p.api;
      if (key === 'vera') vera = p.api;
    }
    const staff = await person('teacher@uni.example', 'Teacher');
    await setAccount(t.db, staff.user.id, { account_type: 'teacher' });
    teacher = staff.api;
    outsider = (await person('olga@uni.example', 'Olga')).api;
  });
  afterEach(() => t?.close());

  const url = (suffix = '') => `/api/projects/${projectId}/standups${suffix}`;

  async function submit(api: Api, body: object = {}) {
    const response = await api('POST', url(), { ...STANDUP, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; day: string; is_editable: boolean };
  }

  describe('submitting', () => {
    it("stores the caller's stand-up for the project's today, with defaults for blockers", async () => {
      const { blockers: _blockers, is_blocked: _isBlocked, ...required } = STANDUP;
      const response = await beto('POST', url(), {
        ...required,
        did: '  Wrote the login form  ',
        hours: 2.25,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toEqual({
        id: expect.any(Number),
        project_id: projectId,
        user_id: ids.beto,
        user_name: 'Beto',
        day: '2026-11-22',
        did: 'Wrote the login form',
        will_do: 'Write its tests',
        blockers: '',
        is_blocked: false,
        hours: 2.25,
        stress: 3,
        feeling: 4,
        created_at: '2026-11-22T10:00:00.000Z',
        updated_at: '2026-11-22T10:00:00.000Z',
        is_editable: true,
      });
    });

    it("counts the day in the project's time zone", async () => {
      expect(
        (await ana('PUT', `/api/projects/${projectId}`, { time_zone: 'Pacific/Auckland' })).statusCode,
      ).toBe(200);
      // 10:00 UTC on the 22nd is 23:00 on the 22nd in Auckland (UTC+13); three hours later, the 23rd.
      expect((await submit(beto)).day).toBe('2026-11-22');
      t.clock.advance(3 * HOUR_MS);
      expect((await submit(beto)).day).toBe('2026-11-23');
    });

    it('refuses a second one the same day (409) and changes nothing', async () => {
      await submit(beto);
      const before = await snapshot(t.db);
      const count = await t.db.selectFrom('standups').select(t.db.fn.countAll().as('n')).executeTakeFirst();
      const again = await beto('POST', url(), { ...STANDUP, did: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('STANDUP_ALREADY_SUBMITTED');
      expect(await snapshot(t.db)).toEqual(before);
      const after = await t.db.selectFrom('standups').select(t.db.fn.countAll().as('n')).executeTakeFirst();
      expect(Number(after?.n)).toBe(Number(count?.n));
      // The owner's own is separate, and tomorrow is another day.
      await submit(ana);
      t.clock.advance(DAY_MS);
      await submit(beto);
    });

    it(`keeps one per day under concurrent submits (${TEST_DIALECT})`, async () => {
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) => beto('POST', url(), { ...STANDUP, did: `Try ${i}` })),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
      const rows = await t.db.selectFrom('standups').selectAll().where('user_id', '=', ids.beto).execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses viewers and read-only teachers (403), and hides the project from outsiders (404)', async () => {
      const before = await snapshot(t.db);
      expect((await vera('POST', url(), STANDUP)).statusCode).toBe(403);
      expect((await teacher('POST', url(), STANDUP)).statusCode).toBe(403);
      expect((await outsider('POST', url(), STANDUP)).statusCode).toBe(404);
      expect(await t.db.selectFrom('standups').selectAll().execute()).toEqual([]);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it.each([
      ['an empty did', { did: '   ' }, 'El texto no puede estar vacío.'],
      ['an empty will_do', { will_do: '' }, 'El texto no puede estar vacío.'],
      ['a did too long', { did: 'x'.repeat(2001) }, 'El texto es demasiado largo.'],
      ['blockers too long', { blockers: 'x'.repeat(2001) }, 'El texto es demasiado largo.'],
      ['more than 24 hours', { hours: 24.5 }, 'Introduce de 0 a 24 horas, con como máximo 2 decimales.'],
      ['negative hours', { hours: -1 }, 'Introduce de 0 a 24 horas, con como máximo 2 decimales.'],
      ['hours with 3 decimals', { hours: 1.255 }, 'Introduce de 0 a 24 horas, con como máximo 2 decimales.'],
      ['hours as text', { hours: '5' }, 'Introduce de 0 a 24 horas, con como máximo 2 decimales.'],
      ['stress 0', { stress: 0 }, 'Elige un valor del 1 al 5.'],
      ['feeling 6', { feeling: 6 }, 'Elige un valor del 1 al 5.'],
      ['stress 2.5', { stress: 2.5 }, 'Elige un valor del 1 al 5.'],
      ['no feeling', { feeling: undefined }, 'Elige un valor del 1 al 5.'],
    ])('refuses %s with a localized message and changes nothing', async (_case, body, message) => {
      const before = await snapshot(t.db);
      const response = await anaEs('POST', url(), { ...STANDUP, ...body });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toContain(message);
      expect(await t.db.selectFrom('standups').selectAll().execute()).toEqual([]);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('accepts 0 and 24 hours, and refuses a field it does not know', async () => {
      expect((await submit(ana, { hours: 0 })).day).toBe('2026-11-22');
      await submit(beto, { hours: 24 });
      const extra = await carla('POST', url(), { ...STANDUP, day: '2026-01-01' });
      expect(extra.statusCode).toBe(422);
    });
  });

  describe('editing', () => {
    it('lets the author edit it on its day, nobody else, and not later', async () => {
      const { id } = await submit(beto);
      t.clock.advance(HOUR_MS);
      const edited = await beto('PUT', `/api/standups/${id}`, {
        ...STANDUP,
        blockers: 'Waiting on the API keys',
        is_blocked: true,
        hours: 6.5,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toMatchObject({
        id,
        day: '2026-11-22',
        blockers: 'Waiting on the API keys',
        is_blocked: true,
        hours: 6.5,
        created_at: '2026-11-22T10:00:00.000Z',
        updated_at: '2026-11-22T11:00:00.000Z',
        is_editable: true,
      });

      const before = await snapshot(t.db);
      const rows = await t.db.selectFrom('standups').selectAll().execute();
      for (const api of [ana, carla, vera, teacher]) {
        const refused = await api('PUT', `/api/standups/${id}`, { ...STANDUP, did: 'Not mine' });
        expect(refused.statusCode, refused.body).toBe(403);
      }
      expect((await outsider('PUT', `/api/standups/${id}`, STANDUP)).statusCode).toBe(404);
      expect((await ana('GET', `/api/standups/${id}`)).json().data.is_editable).toBe(false);

      t.clock.advance(DAY_MS);
      const late = await beto('PUT', `/api/standups/${id}`, { ...STANDUP, did: 'Too late' });
      expect(late.statusCode).toBe(422);
      expect(late.json().code).toBe('STANDUP_NOT_EDITABLE');
      expect((await beto('GET', `/api/standups/${id}`)).json().data.is_editable).toBe(false);
      expect(await t.db.selectFrom('standups').selectAll().execute()).toEqual(rows);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('answers 404 for a stand-up that does not exist or that the caller may not see', async () => {
      const { id } = await submit(beto);
      expect((await beto('GET', `/api/standups/${id + 1000}`)).statusCode).toBe(404);
      expect((await outsider('GET', `/api/standups/${id}`)).statusCode).toBe(404);
      expect((await vera('GET', `/api/standups/${id}`)).statusCode).toBe(200);
      expect((await teacher('GET', `/api/standups/${id}`)).statusCode).toBe(200);
    });
  });

  describe('the list', () => {
    it('lists the last 7 days by default, newest day first then by name, with who is missing today', async () => {
      // Sunday the 22nd: outside the default range once today is the 29th.
      await submit(ana, { did: 'Too old' });
      t.clock.advance(DAY_MS); // the 23rd: the first day of the range
      await submit(beto, { did: 'Oldest shown' });
      t.clock.advance(5 * DAY_MS); // the 28th
      await submit(carla);
      await submit(ana);
      t.clock.advance(DAY_MS); // the 29th
      await submit(beto);

      const list = await vera('GET', url());
      expect(list.statusCode, list.body).toBe(200);
      const data = list.json().data;
      expect(data).toMatchObject({ start_date: '2026-11-23', end_date: '2026-11-29', today: '2026-11-29' });
      expect(data.standups.map((s: { day: string; user_name: string }) => `${s.day} ${s.user_name}`)).toEqual(
        ['2026-11-29 Beto', '2026-11-28 Ana', '2026-11-28 Carla', '2026-11-23 Beto'],
      );
      expect(data.members).toEqual([
        { user_id: ids.ana, name: 'Ana' },
        { user_id: ids.beto, name: 'Beto' },
        { user_id: ids.carla, name: 'Carla' },
      ]);
      expect(data.missing_today).toEqual([ids.ana, ids.carla]);
      expect(data.standups.every((s: { is_editable: boolean }) => !s.is_editable)).toBe(true);
      const mine = (await beto('GET', url())).json().data.standups;
      expect(mine[0].is_editable).toBe(true);
      expect(mine[3].is_editable).toBe(false);

      const filtered = (
        await ana('GET', url(`?start_date=2026-11-01&end_date=2026-11-28&user_id=${ids.ana}`))
      ).json().data;
      expect(filtered.standups.map((s: { did: string }) => s.did)).toEqual([STANDUP.did, 'Too old']);
      expect(filtered.missing_today).toEqual([ids.ana, ids.carla]);
    });

    it('refuses a range that ends before it starts or is longer than a year', async () => {
      const backwards = await anaEs('GET', url('?start_date=2026-11-22&end_date=2026-11-21'));
      expect(backwards.statusCode).toBe(422);
      expect(backwards.json().code).toBe('RANGE_NOT_VALID');
      const long = await anaEs('GET', url('?start_date=2025-11-01&end_date=2026-11-22'));
      expect(long.statusCode).toBe(422);
      expect(long.json().code).toBe('RANGE_TOO_LONG_ONE_YEAR');
      expect(long.json().errors).toContain('Este informe abarca como máximo 1 año.');
      expect((await ana('GET', url('?start_date=2025-11-22&end_date=2026-11-22'))).statusCode).toBe(200);
      const analysis = await ana('GET', url('/analysis?start_date=2025-11-01&end_date=2026-11-22'));
      expect(analysis.json().code).toBe('RANGE_TOO_LONG_ONE_YEAR');
      expect((await ana('GET', url('?start_date=2026-02-30'))).statusCode).toBe(422);
    });

    it('is read by whoever sees the project, and by nobody else', async () => {
      for (const api of [ana, beto, vera, teacher]) expect((await api('GET', url())).statusCode).toBe(200);
      expect((await outsider('GET', url())).statusCode).toBe(404);
      expect((await outsider('GET', url('/analysis'))).statusCode).toBe(404);
    });
  });

  describe('the analysis', () => {
    /**
     * The fixture week, Monday 23 to Friday 27 November 2026 (members joined on Sunday the 22nd):
     * Ana submits Mon, Wed (blocked) and Fri (blocked); Beto every day; Carla never.
     */
    async function fixtureWeek() {
      const ANA: Record<string, object> = {
        '2026-11-23': { hours: 6, stress: 2, feeling: 4, did: 'Set up CI' },
        '2026-11-25': {
          hours: 8,
          stress: 3,
          feeling: 3,
          is_blocked: true,
          blockers: 'Waiting on the API keys',
          did: 'Read the docs',
        },
        '2026-11-27': {
          hours: 4,
          stress: 4,
          feeling: 2,
          is_blocked: true,
          blockers: 'Sigo bloqueada por las claves',
          did: 'Probé el cliente',
        },
      };
      const BETO: Record<string, object> = {
        '2026-11-23': { did: 'Terminé el login, genial' },
        '2026-11-24': { did: 'Revisé los PRs', blockers: 'No estoy bloqueado' },
      };
      for (let day = 23; day <= 27; day += 1) {
        t.clock.advance(DAY_MS);
        const date = `2026-11-${day}`;
        if (ANA[date]) expect((await submit(ana, ANA[date])).day).toBe(date);
        await submit(beto, BETO[date] ?? { did: 'Paired on the API client' });
      }
    }

    const RANGE = '?start_date=2026-11-16&end_date=2026-11-30';

    it('computes the team and per-member numbers on a fixture', async () => {
      await fixtureWeek();
      const response = await ana('GET', url(`/analysis${RANGE}`));
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(data.start_date).toBe('2026-11-16');
      expect(data.end_date).toBe('2026-11-30');
      expect(data.days).toHaveLength(15);
      const week = data.team.per_day.filter(
        (d: { day: string }) => d.day >= '2026-11-23' && d.day <= '2026-11-27',
      );
      expect(week).toEqual([
        { day: '2026-11-23', submitted: 2, hours_avg: 5.5, stress_avg: 2.5, feeling_avg: 4, blocked: 0 },
        { day: '2026-11-24', submitted: 1, hours_avg: 5, stress_avg: 3, feeling_avg: 4, blocked: 0 },
        { day: '2026-11-25', submitted: 2, hours_avg: 6.5, stress_avg: 3, feeling_avg: 3.5, blocked: 1 },
        { day: '2026-11-26', submitted: 1, hours_avg: 5, stress_avg: 3, feeling_avg: 4, blocked: 0 },
        { day: '2026-11-27', submitted: 2, hours_avg: 4.5, stress_avg: 3.5, feeling_avg: 3, blocked: 1 },
      ]);
      expect(data.team.per_day[0]).toEqual({
        day: '2026-11-16',
        submitted: 0,
        hours_avg: null,
        stress_avg: null,
        feeling_avg: null,
        blocked: 0,
      });
      // Missing: weekdays from the day they joined (the 22nd) up to today (the 27th): Ana 2, Carla 5.
      expect(data.team).toMatchObject({
        submitted: 8,
        missing: 7,
        blocking: { frequency: 0.25, open_blockers: 1, days_blocked: 2 },
      });
      const [anaRow, betoRow, carlaRow] = data.members;
      expect(anaRow).toEqual({
        user_id: ids.ana,
        name: 'Ana',
        submitted: 3,
        missing: 2,
        hours_total: 18,
        hours_avg: 6,
        stress_avg: 3,
        feeling_avg: 3,
        // Stress 2, 3, 4 two days apart: half a point a day.
        stress_trend: 3.5,
        days_blocked: 2,
        open_blocker: true,
        signals: [
          { day: '2026-11-27', standup_id: expect.any(Number), kind: 'blocker', words: ['bloqueada'] },
          { day: '2026-11-25', standup_id: expect.any(Number), kind: 'blocker', words: ['Waiting on'] },
        ],
      });
      expect(betoRow).toMatchObject({
        name: 'Beto',
        submitted: 5,
        missing: 0,
        hours_total: 25,
        hours_avg: 5,
        stress_trend: 0,
        days_blocked: 0,
        open_blocker: false,
        // "No estoy bloqueado" raised nothing.
        signals: [{ day: '2026-11-23', kind: 'positive', words: ['Terminé', 'genial'] }],
      });
      expect(carlaRow).toEqual({
        user_id: ids.carla,
        name: 'Carla',
        submitted: 0,
        missing: 5,
        hours_total: 0,
        hours_avg: null,
        stress_avg: null,
        feeling_avg: null,
        stress_trend: null,
        days_blocked: 0,
        open_blocker: false,
        signals: [],
      });
      const signal = anaRow.signals[0];
      const standup = (await ana('GET', `/api/standups/${signal.standup_id}`)).json().data;
      expect(standup.blockers).toBe('Sigo bloqueada por las claves');
    });

    it('shows every member to owners and staff, only their own row to a member, none to a viewer', async () => {
      await fixtureWeek();
      const read = async (api: Api) => (await api('GET', url(`/analysis${RANGE}`))).json().data;
      const owner = await read(ana);
      const staff = await read(teacher);
      const member = await read(beto);
      const viewer = await read(vera);
      expect(owner.members.map((m: { name: string }) => m.name)).toEqual(['Ana', 'Beto', 'Carla']);
      expect(staff).toEqual(owner);
      expect(member.members.map((m: { name: string }) => m.name)).toEqual(['Beto']);
      expect(member.members[0]).toEqual(owner.members[1]);
      expect(viewer.members).toEqual([]);
      // The team view is everyone's but its mood averages: on a day Ana and Beto both reported, a
      // member or viewer could work the other's stress and feeling out of them (standup-moods.test.ts).
      // Beto still reads the days only he reported (Tue, Thu): the average is his own.
      const withheldOn = (team: typeof owner.team, days: string[]) => ({
        ...team,
        per_day: team.per_day.map((day: { day: string }) =>
          days.includes(day.day) ? { ...day, stress_avg: null, feeling_avg: null } : day,
        ),
        mood_averages_withheld: true,
      });
      const both = ['2026-11-23', '2026-11-25', '2026-11-27'];
      expect(member.team).toEqual(withheldOn(owner.team, both));
      expect(viewer.team).toEqual(withheldOn(owner.team, [...both, '2026-11-24', '2026-11-26']));
      expect(owner.team.mood_averages_withheld).toBe(false);
      // Carla's own view: her row, no one else's signals.
      const own = await read(carla);
      expect(own.members.map((m: { name: string }) => m.name)).toEqual(['Carla']);
    });

    it('covers the last 7 days by default', async () => {
      await fixtureWeek();
      const data = (await beto('GET', url('/analysis'))).json().data;
      expect(data.start_date).toBe('2026-11-21');
      expect(data.end_date).toBe('2026-11-27');
      expect(data.days).toEqual([
        '2026-11-21',
        '2026-11-22',
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
      ]);
      expect(data.team.submitted).toBe(8);
    });
  });
});

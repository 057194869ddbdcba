import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../src/lib/clock.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { apiAs, setAccount, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

/** A valid form (the clock starts on 2026-11-22, UTC): open from today to the 25th, for everyone. */
const FORM = {
  title: 'Tools we use',
  description: 'Rate how well you know each one.',
  opens_on: '2026-11-22',
  closes_on: '2026-11-25',
  items: [{ name: 'Git' }, { name: 'SQL' }, { name: 'React' }],
};

interface Form {
  id: number;
  state: string;
  items: { id: number; name: string }[];
  respondents: number;
}

describe.skipIf(!isDatabaseAvailable)('knowledge forms (docs/api-knowledge-forms.md)', () => {
  let t: TestApp;
  let teacher: Api;
  let teacherEs: Api;
  let otherTeacher: Api;
  let admin: Api;
  let ana: Api; // section A, group 1, 2026-2, year 3
  let beto: Api; // section B, group 2
  let carla: Api; // no profile fields
  const ids = {} as Record<'teacher' | 'ana' | 'beto' | 'carla', number>;

  async function person(email: string, name: string, language: 'en' | 'es' = 'en') {
    const user = await createUser(t.db, { email, name });
    const headers = await signIn(t.app, email);
    return {
      user,
      api: apiAs(t.app, headers),
      apiEs: apiAs(t.app, headers, { 'accept-language': language }),
    };
  }

  beforeEach(async () => {
    t = await buildTestApp();
    const staff = await person('teacher@uni.example', 'Teresa', 'es');
    await setAccount(t.db, staff.user.id, { account_type: 'teacher' });
    ids.teacher = staff.user.id;
    teacher = staff.api;
    teacherEs = staff.apiEs;
    const other = await person('other@uni.example', 'Otto');
    await setAccount(t.db, other.user.id, { account_type: 'teacher' });
    otherTeacher = other.api;
    const boss = await person('admin@uni.example', 'Adela');
    await setAccount(t.db, boss.user.id, { account_type: 'admin' });
    admin = boss.api;
    const a = await person('ana@uni.example', 'Ana');
    ids.ana = a.user.id;
    ana = a.api;
    await t.db
      .updateTable('users')
      .set({ section: 'A', group: '1', semester: '2026-2', year: 3 })
      .where('id', '=', a.user.id)
      .execute();
    const b = await person('beto@uni.example', 'Beto');
    ids.beto = b.user.id;
    beto = b.api;
    await t.db
      .updateTable('users')
      .set({ section: 'B', group: '2', semester: '2026-2', year: 3 })
      .where('id', '=', b.user.id)
      .execute();
    const c = await person('carla@uni.example', 'Carla');
    ids.carla = c.user.id;
    carla = c.api;
  });
  afterEach(() => t?.close());

  async function create(api: Api, body: object = {}): Promise<Form> {
    const response = await api('POST', '/api/knowledge_forms', { ...FORM, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Form;
  }

  const ratings = (form: Form, values: number[], comment = '') => ({
    answers: form.items.map((item, index) => ({ item_id: item.id, rating: values[index], comment })),
  });
  const answer = (api: Api, form: Form, values: number[], comment = '') =>
    api('PUT', `/api/me/knowledge_forms/${form.id}/answers`, ratings(form, values, comment));
  const mine = async (api: Api) =>
    (await api('GET', '/api/me/knowledge_forms')).json().data as {
      id: number;
      state: string;
      answers: { item_id: number; rating: number; comment: string }[];
      answered_at: string | null;
    }[];
  const answerRows = () => t.db.selectFrom('knowledge_answers').selectAll().orderBy('id').execute();

  describe('managing', () => {
    it('lets a teacher create a form, normalizing blank audience fields to "any"', async () => {
      const response = await teacher('POST', '/api/knowledge_forms', {
        ...FORM,
        title: '  Tools we use  ',
        section: '  ',
        group: '',
        semester: '2026-2',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({
        title: 'Tools we use',
        year: null,
        semester: '2026-2',
        section: null,
        group: null,
        state: 'open',
        created_by: ids.teacher,
        created_by_name: 'Teresa',
        respondents: 0,
        items: [{ name: 'Git' }, { name: 'SQL' }, { name: 'React' }],
      });
    });

    it('refuses a user (403) and changes nothing', async () => {
      const form = await create(teacher);
      for (const [method, url] of [
        ['GET', '/api/knowledge_forms'],
        ['POST', '/api/knowledge_forms'],
        ['GET', `/api/knowledge_forms/${form.id}`],
        ['PUT', `/api/knowledge_forms/${form.id}`],
        ['DELETE', `/api/knowledge_forms/${form.id}`],
        ['GET', `/api/knowledge_forms/${form.id}/answers`],
      ] as const) {
        const response = await ana(method, url, method === 'POST' || method === 'PUT' ? FORM : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().code).toBe('FORBIDDEN');
      }
      expect(await t.db.selectFrom('knowledge_forms').selectAll().execute()).toHaveLength(1);
    });

    it('shows a teacher only their own forms, and an admin every form', async () => {
      const mineForm = await create(teacher);
      const theirs = await create(otherTeacher, { title: 'Databases' });
      const list = (await teacher('GET', '/api/knowledge_forms')).json();
      expect(list.data.map((form: Form) => form.id)).toEqual([mineForm.id]);
      expect(list.today).toBe('2026-11-22');
      for (const [method, url] of [
        ['GET', `/api/knowledge_forms/${theirs.id}`],
        ['PUT', `/api/knowledge_forms/${theirs.id}`],
        ['DELETE', `/api/knowledge_forms/${theirs.id}`],
        ['GET', `/api/knowledge_forms/${theirs.id}/answers`],
      ] as const) {
        const response = await teacher(method, url, method === 'PUT' ? FORM : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      const all = (await admin('GET', '/api/knowledge_forms')).json().data as Form[];
      expect(all.map((form) => form.id).sort()).toEqual([mineForm.id, theirs.id].sort());
      expect(
        (await admin('PUT', `/api/knowledge_forms/${theirs.id}`, { ...FORM, title: 'Renamed' })).statusCode,
      ).toBe(200);
      expect((await admin('DELETE', `/api/knowledge_forms/${theirs.id}`)).statusCode).toBe(204);
      expect((await otherTeacher('GET', `/api/knowledge_forms/${theirs.id}`)).statusCode).toBe(404);
    });

    it('validates with localized messages and stores nothing', async () => {
      const cases: [object, string, string][] = [
        [
          { closes_on: '2026-11-21' },
          'KNOWLEDGE_CLOSES_BEFORE_OPENS',
          'La fecha de cierre no puede ser anterior a la de apertura.',
        ],
        [{ items: [] }, 'KNOWLEDGE_ITEMS_REQUIRED', 'Agrega al menos un ítem para evaluar.'],
        [
          { items: Array.from({ length: 31 }, (_, i) => ({ name: `Item ${i}` })) },
          'KNOWLEDGE_TOO_MANY_ITEMS',
          'Un formulario tiene como máximo 30 ítems.',
        ],
        [
          { items: [{ name: 'Git' }, { name: ' git ' }] },
          'KNOWLEDGE_ITEM_REPEATED',
          'Cada ítem debe tener un nombre distinto.',
        ],
        [{ title: '   ' }, 'TEXT_REQUIRED', ''],
        [{ opens_on: '2026-02-30' }, 'DATE_NOT_VALID', ''],
        [{ semester: '1999-1' }, 'SEMESTER_NOT_VALID', ''],
        [
          { items: [{ name: 'Git', id: 5 }] },
          'KNOWLEDGE_ITEM_NOT_VALID',
          'Un ítem no pertenece a este formulario.',
        ],
      ];
      for (const [body, code, message] of cases) {
        const response = await teacherEs('POST', '/api/knowledge_forms', { ...FORM, ...body });
        expect(response.statusCode, code).toBe(422);
        expect(response.json().code).toBe(code);
        if (message) expect(response.json().errors).toContain(message);
      }
      const english = await teacher('POST', '/api/knowledge_forms', { ...FORM, closes_on: '2026-11-01' });
      expect(english.json().errors).toContain('The closing date cannot be before the opening date.');
      expect(await t.db.selectFrom('knowledge_forms').selectAll().execute()).toEqual([]);
      expect(await t.db.selectFrom('knowledge_items').selectAll().execute()).toEqual([]);
    });

    it('renames kept items without losing answers; a removed item loses its answers', async () => {
      const form = await create(teacher);
      expect((await answer(ana, form, [5, 3, 1])).statusCode).toBe(200);
      const [git, sql, react] = form.items;
      const response = await teacher('PUT', `/api/knowledge_forms/${form.id}`, {
        ...FORM,
        items: [{ id: sql!.id, name: 'PostgreSQL' }, { id: git!.id, name: 'Git' }, { name: 'Docker' }],
      });
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json().data as Form;
      expect(updated.items.map((item) => item.name)).toEqual(['PostgreSQL', 'Git', 'Docker']);
      expect(updated.items[0]!.id).toBe(sql!.id);
      const rows = await answerRows();
      expect(rows.map((row) => row.item_id).sort()).toEqual([git!.id, sql!.id].sort());
      expect(rows.some((row) => row.item_id === react!.id)).toBe(false);
      const results = (await teacher('GET', `/api/knowledge_forms/${form.id}/answers`)).json().data;
      expect(results.respondents[0].answers.map((a: { rating: number | null }) => a.rating)).toEqual([
        3,
        5,
        null,
      ]);
      // An id that is not one of this form's items is refused, and nothing changes.
      const other = await create(teacher, { title: 'Other' });
      const foreign = await teacher('PUT', `/api/knowledge_forms/${form.id}`, {
        ...FORM,
        items: [{ id: other.items[0]!.id, name: 'Stolen' }],
      });
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().code).toBe('KNOWLEDGE_ITEM_NOT_VALID');
      expect((await answerRows()).length).toBe(2);
    });

    it('deletes a form with its items and answers', async () => {
      const form = await create(teacher);
      await answer(ana, form, [1, 2, 3]);
      expect((await teacher('DELETE', `/api/knowledge_forms/${form.id}`)).statusCode).toBe(204);
      expect(await answerRows()).toEqual([]);
      expect(await t.db.selectFrom('knowledge_items').selectAll().execute()).toEqual([]);
      expect((await teacher('GET', `/api/knowledge_forms/${form.id}`)).statusCode).toBe(404);
    });
  });

  describe('opening and closing', () => {
    it('is scheduled before opens_on, open through closes_on, closed after; answers only while open', async () => {
      const form = await create(teacher, { opens_on: '2026-11-24', closes_on: '2026-11-26' });
      expect(form.state).toBe('scheduled');
      expect((await mine(ana))[0]).toMatchObject({ id: form.id, state: 'scheduled', answers: [] });
      const early = await answer(ana, form, [3, 3, 3]);
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('KNOWLEDGE_FORM_NOT_OPEN');
      expect(await answerRows()).toEqual([]);

      t.clock.advance(2 * DAY_MS); // the 24th, opening day
      const first = await answer(ana, form, [3, 4, 5], 'Used it in class');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toMatchObject({ state: 'open', answered_at: '2026-11-24T10:00:00.000Z' });

      t.clock.advance(2 * DAY_MS + 13 * HOUR_MS); // the 26th at 23:00, still open
      const edit = await answer(ana, form, [1, 2, 3]);
      expect(edit.statusCode, edit.body).toBe(200);
      const rows = await answerRows();
      expect(rows.map((row) => row.rating)).toEqual([1, 2, 3]);
      expect(rows.every((row) => row.comment === '' && row.created_at === '2026-11-24T10:00:00.000Z')).toBe(
        true,
      );

      t.clock.advance(HOUR_MS); // the 27th: closed
      const late = await answer(ana, form, [5, 5, 5]);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('KNOWLEDGE_FORM_CLOSED');
      expect(late.json().errors).toContain('This form is closed: answers can no longer be changed.');
      expect(await answerRows()).toEqual(rows);
      const closed = (await mine(ana))[0]!;
      expect(closed.state).toBe('closed');
      expect(closed.answers.map((a) => a.rating)).toEqual([1, 2, 3]);

      t.clock.advance(31 * DAY_MS); // no longer in the list after 30 days (a new session: tokens expire)
      expect(await mine(apiAs(t.app, await signIn(t.app, 'ana@uni.example')))).toEqual([]);
    });
  });

  describe('audience', () => {
    it('shows a form only to people whose profile matches; anyone else gets 404', async () => {
      const sectionA = await create(teacher, { section: 'A', semester: '2026-2', year: 3 });
      const everyone = await create(teacher, { title: 'Everyone' });
      const group2 = await create(teacher, { title: 'Group 2', group: '2' });
      expect((await mine(ana)).map((form) => form.id).sort()).toEqual([sectionA.id, everyone.id].sort());
      expect((await mine(beto)).map((form) => form.id).sort()).toEqual([everyone.id, group2.id].sort());
      expect((await mine(carla)).map((form) => form.id)).toEqual([everyone.id]);

      for (const [api, form] of [
        [beto, sectionA],
        [carla, sectionA],
        [ana, group2],
      ] as const) {
        const response = await answer(api, form, [2, 2, 2]);
        expect(response.statusCode).toBe(404);
      }
      expect(await answerRows()).toEqual([]);
      expect((await answer(ana, sectionA, [2, 2, 2])).statusCode).toBe(200);
      expect((await answer(carla, everyone, [2, 2, 2])).statusCode).toBe(200);
      // A form that does not exist is the same 404.
      expect(
        (await ana('PUT', '/api/me/knowledge_forms/999999/answers', ratings(sectionA, [1, 1, 1]))).statusCode,
      ).toBe(404);
    });
  });

  describe('answering', () => {
    it('needs every item once, ratings 1..5 and comments up to 500 characters', async () => {
      const form = await create(teacher);
      const es = apiAs(t.app, await signIn(t.app, 'ana@uni.example'), { 'accept-language': 'es' });
      const bad = await es('PUT', `/api/me/knowledge_forms/${form.id}/answers`, ratings(form, [6, 1, 1]));
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toContain('Elige una calificación de 1 a 5.');
      const partial = await ana('PUT', `/api/me/knowledge_forms/${form.id}/answers`, {
        answers: [{ item_id: form.items[0]!.id, rating: 3 }],
      });
      expect(partial.statusCode).toBe(422);
      expect(partial.json().code).toBe('KNOWLEDGE_ANSWERS_INCOMPLETE');
      const other = await create(teacher, { title: 'Other' });
      const foreign = await ana('PUT', `/api/me/knowledge_forms/${form.id}/answers`, {
        answers: [...ratings(form, [1, 1]).answers.slice(0, 2), { item_id: other.items[0]!.id, rating: 1 }],
      });
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().code).toBe('KNOWLEDGE_ITEM_NOT_VALID');
      const long = await answer(ana, form, [1, 2, 3], 'x'.repeat(501));
      expect(long.statusCode).toBe(422);
      expect(await answerRows()).toEqual([]);
      expect((await answer(ana, form, [1, 2, 3], 'x'.repeat(500))).statusCode).toBe(200);
    });
  });

  describe('results', () => {
    it("shows a form's answers by person and each item's distribution, filtered by section and group", async () => {
      const form = await create(teacher);
      await answer(ana, form, [5, 4, 1], 'Daily');
      await answer(beto, form, [3, 4, 2]);
      await answer(carla, form, [5, 1, 2]);
      const all = (await teacher('GET', `/api/knowledge_forms/${form.id}/answers`)).json().data;
      expect(all.form.respondents).toBe(3);
      expect(all.sections).toEqual(['A', 'B']);
      expect(all.groups).toEqual(['1', '2']);
      expect(all.respondents.map((r: { name: string }) => r.name)).toEqual(['Ana', 'Beto', 'Carla']);
      expect(all.respondents[0]).toMatchObject({
        user_id: ids.ana,
        section: 'A',
        group: '1',
        answers: [
          { item_id: form.items[0]!.id, rating: 5, comment: 'Daily' },
          { item_id: form.items[1]!.id, rating: 4, comment: 'Daily' },
          { item_id: form.items[2]!.id, rating: 1, comment: 'Daily' },
        ],
      });
      expect(all.distribution[0]).toEqual({
        item_id: form.items[0]!.id,
        name: 'Git',
        counts: [0, 0, 1, 0, 2],
        total: 3,
        average: 4.33,
      });
      const b = (await teacher('GET', `/api/knowledge_forms/${form.id}/answers?section=B`)).json().data;
      expect(b.respondents.map((r: { name: string }) => r.name)).toEqual(['Beto']);
      expect(b.distribution[1]).toMatchObject({ counts: [0, 0, 0, 1, 0], total: 1, average: 4 });
      const g1 = (await teacher('GET', `/api/knowledge_forms/${form.id}/answers?group=1`)).json().data;
      expect(g1.respondents.map((r: { name: string }) => r.name)).toEqual(['Ana']);
      const none = (await teacher('GET', `/api/knowledge_forms/${form.id}/answers?section=Z`)).json().data;
      expect(none.respondents).toEqual([]);
      expect(none.distribution[0]).toMatchObject({ counts: [0, 0, 0, 0, 0], total: 0, average: null });
      expect((await admin('GET', `/api/knowledge_forms/${form.id}/answers`)).statusCode).toBe(200);
    });
  });
});

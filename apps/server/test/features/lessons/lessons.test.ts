import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LessonSearch } from '../../../src/features/lessons/search-sync.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, setAccount, snapshot, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const GIT_LESSON_ES = {
  title: 'Conflictos al fusionar ramas antes de la entrega',
  problem: 'Dos personas editaron el mismo archivo y la fusión de la rama falló la noche de la entrega.',
  solution:
    'Integrar la rama principal cada día y resolver los conflictos en pareja, con las pruebas pasando.',
  tags: ['git', 'ramas'],
  language: 'es',
};
const TEST_LESSON_EN = {
  title: 'Write unit tests before refactoring',
  problem: 'We refactored the payment module and broke three features nobody noticed for a week.',
  solution:
    'Cover the module with unit tests first, then refactor in small steps and run them on every commit.',
  tags: ['testing', 'refactoring'],
  language: 'en',
};
const MEETING_LESSON_ES = {
  title: 'Reuniones diarias cortas',
  problem: 'La reunión diaria duraba una hora y nadie sabía qué hacer después.',
  solution: 'Quince minutos, de pie, tres preguntas; los detalles se hablan después con quien haga falta.',
  tags: ['scrum', 'reunión'],
  language: 'es',
};

describe.skipIf(!isDatabaseAvailable)('lessons learned', () => {
  let t: TestApp;
  let author: Api;
  let authorEs: Api;
  let teammate: Api;
  let outsider: Api;
  let admin: Api;
  let projectId: number;
  /** Carla's project, of one member until a test adds another. */
  let teamBId: number;

  async function person(email: string, name: string) {
    const user = await createUser(t.db, { email, name });
    const api = apiAs(t.app, await signIn(t.app, email));
    return { user, api };
  }

  beforeEach(async () => {
    t = await buildTestApp();
    const a = await person('ana@uni.example', 'Ana');
    author = a.api;
    authorEs = apiAs(t.app, await signIn(t.app, 'ana@uni.example'), { 'accept-language': 'es' });
    const mate = await person('beto@uni.example', 'Beto');
    teammate = mate.api;
    const other = await person('carla@uni.example', 'Carla');
    outsider = other.api;
    const boss = await person('admin@uni.example', 'Admin');
    await setAccount(t.db, boss.user.id, { account_type: 'admin' });
    admin = boss.api;
    projectId = (await author('POST', '/api/projects', { name: 'Team A' })).json().data.id;
    await addMember(t.db, {
      projectId,
      userId: mate.user.id,
      role: 'member',
      folderId: await defaultFolderId(teammate),
    });
    teamBId = (await outsider('POST', '/api/projects', { name: 'Team B' })).json().data.id;
  });
  afterEach(() => t?.close());

  async function write(lesson: object, submit = true) {
    const response = await author('POST', `/api/projects/${projectId}/lessons`, { ...lesson, submit });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { lesson_id: number; status: string };
  }

  async function publish(lesson: object) {
    const { lesson_id } = await write(lesson);
    const approved = await admin('POST', `/api/lessons/${lesson_id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    return lesson_id;
  }

  const search = async (api: Api, query: string) => (await api('GET', `/api/lessons/search?${query}`)).json();
  const titles = (body: { data: { lesson: { title: string } }[] }) =>
    body.data.map((hit) => hit.lesson.title);

  describe('validation (docs/spec.md §5)', () => {
    it.each([
      ['an empty title', { ...TEST_LESSON_EN, title: '  ' }, 'El texto no puede estar vacío.'],
      ['an empty problem', { ...TEST_LESSON_EN, problem: '' }, 'El texto no puede estar vacío.'],
      ['an empty solution', { ...TEST_LESSON_EN, solution: '' }, 'El texto no puede estar vacío.'],
      ['no tag', { ...TEST_LESSON_EN, tags: [] }, 'Agrega al menos una etiqueta.'],
      ['a repeated tag', { ...TEST_LESSON_EN, tags: ['git', ' GIT '] }, 'Las etiquetas no pueden repetirse.'],
      [
        'a sixth tag',
        { ...TEST_LESSON_EN, tags: ['a', 'b', 'c', 'd', 'e', 'f'] },
        'Una lección puede tener como máximo 5 etiquetas.',
      ],
    ])('refuses %s with a localized message and changes nothing', async (_case, body, message) => {
      const before = await snapshot(t.db);
      const response = await authorEs('POST', `/api/projects/${projectId}/lessons`, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toContain(message);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('stores tags normalized, in the order given', async () => {
      const { lesson_id } = await write({ ...TEST_LESSON_EN, tags: ['  Unit   Testing', 'CI/CD'] }, false);
      const read = await author('GET', `/api/lessons/${lesson_id}`);
      expect(read.json().data.tags).toEqual(['unit testing', 'ci/cd']);
    });
  });

  describe('the approval flow', () => {
    it('keeps a draft inside its project, then publishes it for everyone once an admin approves', async () => {
      const { lesson_id, status } = await write(GIT_LESSON_ES, false);
      expect(status).toBe('draft');
      expect((await teammate('GET', `/api/lessons/${lesson_id}`)).statusCode).toBe(200);
      expect((await outsider('GET', `/api/lessons/${lesson_id}`)).statusCode).toBe(404);
      expect((await outsider('GET', `/api/projects/${projectId}/lessons`)).statusCode).toBe(404);

      const sent = await author('PUT', `/api/lessons/${lesson_id}`, { submit: true });
      expect(sent.json().data.status).toBe('pending');
      const queue = await admin('GET', '/api/lessons/review');
      expect(queue.json().data.map((lesson: { lesson_id: number }) => lesson.lesson_id)).toEqual([lesson_id]);
      expect((await admin('GET', '/api/lessons/review/count')).json().data).toEqual({
        pending: 1,
        hidden: 0,
      });

      const approved = await admin('POST', `/api/lessons/${lesson_id}/approve`);
      expect(approved.json().data).toMatchObject({ status: 'published', published: true });
      const read = await outsider('GET', `/api/lessons/${lesson_id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toMatchObject({ project_name: 'Team A', author: { name: 'Ana' } });
    });

    it('never lets a user approve, and a refused call changes nothing', async () => {
      const { lesson_id } = await write(GIT_LESSON_ES);
      const before = await snapshot(t.db);
      expect((await author('POST', `/api/lessons/${lesson_id}/approve`)).statusCode).toBe(403);
      expect((await teammate('POST', `/api/lessons/${lesson_id}/approve`)).statusCode).toBe(403);
      expect((await outsider('POST', `/api/lessons/${lesson_id}/approve`)).statusCode).toBe(404);
      expect((await author('GET', '/api/lessons/review')).statusCode).toBe(403);
      expect((await author('GET', '/api/lessons/review/count')).statusCode).toBe(403);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('hands the disapproval reason to the author, who edits and sends it again', async () => {
      const { lesson_id } = await write(TEST_LESSON_EN);
      const refused = await admin('POST', `/api/lessons/${lesson_id}/disapprove`, {
        reason: 'Name the tool.',
      });
      expect(refused.statusCode).toBe(200);
      const mine = (await author('GET', '/api/lessons/mine')).json().data;
      expect(mine).toMatchObject([{ lesson_id, status: 'disapproved' }]);
      expect((await author('GET', `/api/lessons/${lesson_id}`)).json().data.review_reason).toBe(
        'Name the tool.',
      );

      const again = await author('PUT', `/api/lessons/${lesson_id}`, {
        title: 'Unit tests with Vitest',
        submit: true,
      });
      expect(again.json().data).toMatchObject({ status: 'pending', review_reason: null, can_edit: true });
      expect((await admin('POST', `/api/lessons/${lesson_id}/disapprove`, { reason: '' })).statusCode).toBe(
        422,
      );
    });

    it('lets only the author edit, and only until it is published', async () => {
      const { lesson_id } = await write(TEST_LESSON_EN);
      expect((await teammate('PUT', `/api/lessons/${lesson_id}`, { title: 'Mine now' })).statusCode).toBe(
        403,
      );
      await admin('POST', `/api/lessons/${lesson_id}/approve`);
      const late = await authorEs('PUT', `/api/lessons/${lesson_id}`, { title: 'Changed' });
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('LESSON_NOT_EDITABLE');
      expect((await author('DELETE', `/api/lessons/${lesson_id}`)).statusCode).toBe(409);
      expect((await admin('POST', `/api/lessons/${lesson_id}/approve`)).json().code).toBe(
        'LESSON_NOT_PENDING',
      );
    });
  });

  describe('votes, views and abuse reports', () => {
    it('counts one vote per user, toggled, however often it is sent', async () => {
      const id = await publish(TEST_LESSON_EN);
      expect((await outsider('PUT', `/api/lessons/${id}/vote`)).json().data).toMatchObject({
        votes: 1,
        voted: true,
      });
      expect((await outsider('PUT', `/api/lessons/${id}/vote`)).json().data.votes).toBe(1);
      expect((await teammate('PUT', `/api/lessons/${id}/vote`)).json().data.votes).toBe(2);
      expect((await outsider('DELETE', `/api/lessons/${id}/vote`)).json().data).toMatchObject({
        votes: 1,
        voted: false,
      });
      expect((await outsider('DELETE', `/api/lessons/${id}/vote`)).json().data.votes).toBe(1);
    });

    it('refuses votes and reports on a lesson that is not published', async () => {
      const { lesson_id } = await write(TEST_LESSON_EN);
      expect((await teammate('PUT', `/api/lessons/${lesson_id}/vote`)).json().code).toBe(
        'LESSON_NOT_PUBLISHED',
      );
      expect((await teammate('POST', `/api/lessons/${lesson_id}/abuse`, {})).json().code).toBe(
        'LESSON_NOT_PUBLISHED',
      );
    });

    it('counts a view once per user', async () => {
      const id = await publish(TEST_LESSON_EN);
      await outsider('GET', `/api/lessons/${id}`);
      await outsider('GET', `/api/lessons/${id}`);
      expect((await teammate('GET', `/api/lessons/${id}`)).json().data.views).toBe(2);
    });

    it('hides a lesson at three counting reports from two projects until an admin restores it', async () => {
      const id = await publish(TEST_LESSON_EN);
      const reporters = [outsider, teammate];
      for (const reporter of reporters)
        await reporter('POST', `/api/lessons/${id}/abuse`, { reason: 'spam' });
      expect((await outsider('POST', `/api/lessons/${id}/abuse`, {})).json().data).toMatchObject({
        abuse: 2,
        hidden: false,
        reported: true,
      });
      expect(titles(await search(outsider, 'q=unit+tests'))).toEqual([TEST_LESSON_EN.title]);

      // Dani joins Carla's Team B, which makes it a team: Carla's report counts now, like Beto's and Dani's.
      const third = await person('dani@uni.example', 'Dani');
      await addMember(t.db, {
        projectId: teamBId,
        userId: third.user.id,
        role: 'member',
        folderId: await defaultFolderId(third.api),
      });
      await third.api('POST', `/api/lessons/${id}/abuse`, {});
      expect((await outsider('GET', `/api/lessons/${id}`)).statusCode).toBe(404);
      expect(titles(await search(outsider, 'q=unit+tests'))).toEqual([]);
      expect((await author('GET', `/api/lessons/${id}`)).json().data.hidden).toBe(true);
      expect((await admin('GET', '/api/lessons/review?state=hidden')).json().data).toHaveLength(1);

      const restored = await admin('POST', `/api/lessons/${id}/restore`);
      expect(restored.json().data).toMatchObject({ hidden: false, abuse: 0 });
      expect(titles(await search(outsider, 'q=unit+tests'))).toEqual([TEST_LESSON_EN.title]);
    });

    it('lists the reported lessons still shown for the admins to look at', async () => {
      const id = await publish(TEST_LESSON_EN);
      await outsider('POST', `/api/lessons/${id}/abuse`, { reason: 'spam' });
      const reported = (await admin('GET', '/api/lessons/review?state=reported')).json().data;
      expect(reported).toMatchObject([{ lesson_id: id, abuse: 1, hidden: false }]);
      expect((await admin('GET', '/api/lessons/review?state=hidden')).json().data).toEqual([]);
    });
  });

  describe('search', () => {
    it('finds the Spanish lesson with an English query and back, accents ignored', async () => {
      await publish(GIT_LESSON_ES);
      await publish(TEST_LESSON_EN);
      await publish(MEETING_LESSON_ES);
      expect(titles(await search(outsider, 'q=merge+conflicts'))[0]).toBe(GIT_LESSON_ES.title);
      expect(titles(await search(outsider, 'q=pruebas+unitarias'))[0]).toBe(TEST_LESSON_EN.title);
      expect(titles(await search(outsider, 'q=reunion'))[0]).toBe(MEETING_LESSON_ES.title);
      expect(titles(await search(outsider, 'q=daily+meeting'))[0]).toBe(MEETING_LESSON_ES.title);
    });

    it('says when no lesson fits, still listing the closest, and corrects a misspelt word', async () => {
      await publish(GIT_LESSON_ES);
      await publish(TEST_LESSON_EN);
      const weak = await search(outsider, 'q=best+guitar+chords+before+the+concert+delivery');
      expect(weak.none_fits).toBe(true);
      const fitting = await search(outsider, 'q=unit+tets+before+refactorign');
      expect(fitting.none_fits).toBe(false);
      expect(fitting.data[0]).toMatchObject({ lesson: { title: TEST_LESSON_EN.title } });
      expect(fitting.data[0].coverage).toBeGreaterThan(0.5);
      expect((await search(outsider, '')).none_fits).toBe(false);
    });

    it('marks the matched words in the title and the snippet', async () => {
      await publish(GIT_LESSON_ES);
      const [hit] = (await search(outsider, 'q=conflictos')).data;
      expect(
        hit.title.filter((part: { match: boolean }) => part.match).map((part: { text: string }) => part.text),
      ).toEqual(['Conflictos']);
      expect(hit.snippet.some((part: { match: boolean }) => part.match)).toBe(true);
    });

    it('filters by tags (all of them) and language, and leaves drafts out', async () => {
      await publish(GIT_LESSON_ES);
      await publish(TEST_LESSON_EN);
      await write({ ...TEST_LESSON_EN, title: 'A draft about tests' }, false);
      expect(titles(await search(outsider, 'tags=git'))).toEqual([GIT_LESSON_ES.title]);
      expect(titles(await search(outsider, 'tags=git,testing'))).toEqual([]);
      expect(titles(await search(outsider, 'language=en'))).toEqual([TEST_LESSON_EN.title]);
      expect((await search(outsider, '')).total).toBe(2);
    });

    it('pages in a stable order', async () => {
      for (let n = 0; n < 7; n++) await publish({ ...TEST_LESSON_EN, title: `Unit tests, lesson ${n}` });
      const pages = [];
      for (const page of [1, 2, 3])
        pages.push(...titles(await search(outsider, `q=unit+tests&page_size=3&page=${page}`)));
      expect(pages).toHaveLength(7);
      expect(new Set(pages).size).toBe(7);
      const again = [];
      for (const page of [1, 2, 3])
        again.push(...titles(await search(outsider, `q=unit+tests&page_size=3&page=${page}`)));
      expect(again).toEqual(pages);
    });

    it('keeps a second instance index in step with changes made through the first', async () => {
      const elsewhere = new LessonSearch(t.db);
      const id = await publish(GIT_LESSON_ES);
      expect((await elsewhere.search('ramas', {})).hits.map((hit) => hit.id)).toEqual([id]);
      await admin('POST', `/api/lessons/${id}/unpublish`, { reason: 'Outdated.' });
      expect((await elsewhere.search('ramas', {})).hits).toEqual([]);
      const other = await publish(TEST_LESSON_EN);
      expect((await elsewhere.search('tests', {})).hits.map((hit) => hit.id)).toEqual([other]);
      await t.db.deleteFrom('projects').where('id', '=', projectId).execute();
      expect((await elsewhere.search('tests', {})).total).toBe(0);
    });

    it('refuses a page size beyond the limit with a localized message', async () => {
      const response = await authorEs('GET', '/api/lessons/search?page_size=500');
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBeDefined();
    });
  });

  it('suggests tags in use without leaking another project drafts', async () => {
    await publish(GIT_LESSON_ES);
    await write({ ...TEST_LESSON_EN, tags: ['gitflow-secret'] }, false);
    expect((await outsider('GET', '/api/lesson_tags?q=git')).json().data).toEqual(['git']);
    expect((await author('GET', '/api/lesson_tags?q=git')).json().data).toEqual(['git', 'gitflow-secret']);
  });
});

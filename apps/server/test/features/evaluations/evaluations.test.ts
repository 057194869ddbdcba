import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../src/lib/clock.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, setAccount, snapshot, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

/** A valid team evaluation body; tests override what they are about. The clock starts on 2026-11-22. */
const TEAM = {
  title: 'Sprint 1 peer review',
  description: 'Rate how each teammate worked this sprint.',
  type: 'team',
  initial_date: '2026-11-22',
  deadline: '2026-11-29',
  questions: [
    { kind: 'scale', text: 'Communication' },
    { kind: 'scale', text: 'Delivery' },
    { kind: 'text', text: 'One thing to improve' },
  ],
};

interface Question {
  id: number;
  kind: 'scale' | 'text';
}

describe.skipIf(!isDatabaseAvailable)('evaluations (docs/api-evaluations.md)', () => {
  let t: TestApp;
  let ana: Api; // owner
  let anaEs: Api;
  let beto: Api; // member
  let carla: Api; // member
  let dani: Api; // member
  let vera: Api; // viewer
  let teacher: Api;
  let outsider: Api;
  const ids = {} as Record<'ana' | 'beto' | 'carla' | 'dani' | 'vera' | 'outsider', number>;
  let projectId: number;

  async function person(email: string, name: string, language: 'en' | 'es' = 'en') {
    const user = await createUser(t.db, { email, name, language });
    return { user, api: apiAs(t.app, await signIn(t.app, email)) };
  }

  beforeEach(async () => {
    t = await buildTestApp();
    const a = await person('ana@uni.example', 'Ana');
    ana = a.api;
    ids.ana = a.user.id;
    anaEs = apiAs(t.app, await signIn(t.app, 'ana@uni.example'), { 'accept-language': 'es' });
    projectId = (await ana('POST', '/api/projects', { name: 'Team A', is_private: false })).json().data.id;
    for (const [key, name, role, language] of [
      ['beto', 'Beto', 'member', 'es'],
      ['carla', 'Carla', 'member', 'en'],
      ['dani', 'Dani', 'member', 'en'],
      ['vera', 'Vera', 'viewer', 'en'],
    ] as const) {
      const p = await person(`${key}@uni.example`, name, language);
      ids[key] = p.user.id;
      await addMember(t.db, { projectId, userId: p.user.id, role, folderId: await defaultFolderId(p.api) });
      if (key === 'beto') beto = p.api;
      if (key === 'carla') carla = p.api;
      if (key === 'dani') dani = p.api;
      if (key === 'vera') vera = p.api;
    }
    const staff = await person('teacher@uni.example', 'Teacher');
    await setAccount(t.db, staff.user.id, { account_type: 'teacher' });
    teacher = staff.api;
    const stranger = await person('olga@uni.example', 'Olga');
    outsider = stranger.api;
    ids.outsider = stranger.user.id;
  });
  afterEach(() => t?.close());

  const list = (api: Api) => api('GET', `/api/projects/${projectId}/evaluations`);

  async function create(body: object = {}) {
    const response = await ana('POST', `/api/projects/${projectId}/evaluations`, {
      ...TEAM,
      member_ids: [ids.beto, ids.carla, ids.dani],
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; status: string; questions: Question[] };
  }

  async function createSent(body: object = {}) {
    const evaluation = await create(body);
    const sent = await ana('POST', `/api/evaluations/${evaluation.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    return evaluation;
  }

  /** `rater` rates each other member with `scores[subject]` on both scale questions and submits. */
  async function rate(
    api: Api,
    evaluation: { id: number; questions: Question[] },
    scores: Record<number, number>,
  ) {
    const [communication, delivery, improve] = evaluation.questions;
    const answers = Object.entries(scores).flatMap(([subject, score]) => [
      { question_id: communication!.id, subject_id: Number(subject), score },
      { question_id: delivery!.id, subject_id: Number(subject), score: Math.min(5, score + 1) },
      { question_id: improve!.id, subject_id: Number(subject), text: `Note for ${subject} with ${score}` },
    ]);
    const response = await api('PUT', `/api/evaluations/${evaluation.id}/answers`, { answers, submit: true });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  describe('creating (SPEC §5)', () => {
    it('creates a draft with its members and questions in order', async () => {
      const evaluation = await create();
      const read = await ana('GET', `/api/evaluations/${evaluation.id}`);
      expect(read.statusCode).toBe(200);
      const data = read.json().data;
      expect(data).toMatchObject({
        status: 'draft',
        type: 'team',
        members_count: 3,
        submitted_count: 0,
        can_manage: true,
        is_invited: false,
        my_response: null,
        sent_at: null,
      });
      expect(data.members.map((m: { name: string }) => m.name)).toEqual(['Beto', 'Carla', 'Dani']);
      expect(data.questions.map((q: { text: string; position: number }) => [q.position, q.text])).toEqual([
        [0, 'Communication'],
        [1, 'Delivery'],
        [2, 'One thing to improve'],
      ]);
    });

    it.each([
      [{ title: '  ' }, 'The title cannot be empty.', 'El título no puede estar vacío.'],
      [{ description: '' }, 'The description cannot be empty.', 'La descripción no puede estar vacía.'],
      [{ member_ids: [] }, 'Choose at least one member.', 'Elige al menos un miembro.'],
      [{ questions: [] }, 'Add at least one question.', 'Agrega al menos una pregunta.'],
      [
        { questions: [{ kind: 'scale', text: ' ' }] },
        'A question cannot be empty.',
        'Una pregunta no puede estar vacía.',
      ],
      [
        { member_ids: [1] },
        'A team evaluation needs at least 2 members.',
        'Una evaluación de equipo necesita al menos 2 miembros.',
      ],
      [
        { deadline: '2026-11-21' },
        'The deadline cannot be before the publication date.',
        'La fecha límite no puede ser anterior a la fecha de publicación.',
      ],
      [
        { type: 'course' },
        'Choose a team or a project evaluation.',
        'Elige una evaluación de equipo o de proyecto.',
      ],
    ])('refuses %j with its localized message, changing nothing', async (change, english, spanish) => {
      const before = await snapshot(t.db);
      const body = { ...TEAM, member_ids: [ids.beto, ids.carla], ...change };
      const url = `/api/projects/${projectId}/evaluations`;
      const en = await ana('POST', url, body);
      expect(en.statusCode, en.body).toBe(422);
      expect(en.json().errors).toContain(english);
      const es = await anaEs('POST', url, body);
      expect(es.json().errors).toContain(spanish);
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('accepts a project evaluation of one member, and a deadline on the publication day', async () => {
      const evaluation = await create({ type: 'project', member_ids: [ids.vera], deadline: '2026-11-22' });
      expect(evaluation.status).toBe('draft');
    });

    it('refuses people who are not members of the project', async () => {
      const before = await snapshot(t.db);
      const response = await ana('POST', `/api/projects/${projectId}/evaluations`, {
        ...TEAM,
        member_ids: [ids.beto, ids.outsider],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('EVALUATION_MEMBER_NOT_VALID');
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('lets only owners create; members, viewers and teachers are refused', async () => {
      const body = { ...TEAM, member_ids: [ids.beto, ids.carla] };
      for (const api of [beto, vera, teacher]) {
        const response = await api('POST', `/api/projects/${projectId}/evaluations`, body);
        expect(response.statusCode).toBe(403);
      }
      expect((await outsider('POST', `/api/projects/${projectId}/evaluations`, body)).statusCode).toBe(404);
    });

    it('edits a draft whole and deletes a draft', async () => {
      const evaluation = await create();
      const edited = await ana('PUT', `/api/evaluations/${evaluation.id}`, {
        ...TEAM,
        title: 'Renamed',
        member_ids: [ids.beto, ids.carla],
        questions: [{ kind: 'text', text: 'Anything else?' }],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toMatchObject({ title: 'Renamed', members_count: 2 });
      expect(edited.json().data.questions).toHaveLength(1);
      expect((await ana('DELETE', `/api/evaluations/${evaluation.id}`)).statusCode).toBe(204);
      expect((await ana('GET', `/api/evaluations/${evaluation.id}`)).statusCode).toBe(404);
    });
  });

  describe('sending', () => {
    it('is irreversible: no second send, no edit, no delete — and mails and lists it for the members', async () => {
      const evaluation = await createSent();
      expect(t.mail.lastTo('beto@uni.example').subject).toBe(
        'Ana te pide responder una evaluación en TeamBoard',
      );
      const mail = t.mail.lastTo('carla@uni.example');
      expect(mail.text).toContain('"Sprint 1 peer review" of the project "Team A"');
      // Dates in the reader's language with the month as a word, never ISO (issue 44.2).
      expect(mail.text).toContain('It is open from Nov 22, 2026 through Nov 29, 2026.');
      expect(t.mail.lastTo('beto@uni.example').text).toContain(
        'Está abierta del 22 nov 2026 al 29 nov 2026.',
      );
      expect(mail.links).toEqual([
        `https://teamboard.example.edu/project/${projectId}/evaluations/${evaluation.id}`,
      ]);
      expect(t.mail.to('ana@uni.example')).toEqual([]);
      const before = await snapshot(t.db);
      for (const [method, url, body] of [
        ['POST', `/api/evaluations/${evaluation.id}/send`, undefined],
        ['PUT', `/api/evaluations/${evaluation.id}`, { ...TEAM, member_ids: [ids.beto, ids.carla] }],
        ['DELETE', `/api/evaluations/${evaluation.id}`, undefined],
      ] as const) {
        const response = await ana(method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(409);
        expect(response.json().code).toBe('EVALUATION_ALREADY_SENT');
      }
      expect(await snapshot(t.db)).toEqual(before);
      const pending = await carla('GET', '/api/me/evaluations');
      expect(pending.json().data).toEqual([
        {
          id: evaluation.id,
          project_id: projectId,
          project_name: 'Team A',
          title: 'Sprint 1 peer review',
          deadline: '2026-11-29',
          my_response: 'none',
        },
      ]);
    });

    it('shows drafts to owners only, and sent ones to the members asked and to teaching staff', async () => {
      const draft = await create({ title: 'Draft' });
      const sent = await createSent({ title: 'Sent', member_ids: [ids.beto, ids.carla] });
      const titles = async (api: Api) =>
        (await list(api)).json().data.evaluations.map((e: { title: string }) => e.title);
      expect(await titles(ana)).toEqual(['Sent', 'Draft']);
      expect(await titles(beto)).toEqual(['Sent']);
      expect(await titles(dani)).toEqual([]);
      expect(await titles(teacher)).toEqual(['Sent']);
      expect((await beto('GET', `/api/evaluations/${draft.id}`)).statusCode).toBe(404);
      expect((await dani('GET', `/api/evaluations/${sent.id}`)).statusCode).toBe(404);
      const asBeto = (await beto('GET', `/api/evaluations/${sent.id}`)).json().data;
      expect(asBeto).toMatchObject({
        status: 'active',
        is_invited: true,
        my_response: 'none',
        can_manage: false,
      });
      // Who submitted is for teaching staff only (PRODUCT.md "Evaluations").
      expect(asBeto.submitted_user_ids).toBeNull();
    });

    it('is "sent" before its publication date and opens on it', async () => {
      const evaluation = await createSent({ initial_date: '2026-11-24', deadline: '2026-11-30' });
      expect((await beto('GET', `/api/evaluations/${evaluation.id}`)).json().data.status).toBe('sent');
      const early = await beto('PUT', `/api/evaluations/${evaluation.id}/answers`, {
        answers: [],
        submit: false,
      });
      expect(early.statusCode).toBe(422);
      expect(early.json().code).toBe('EVALUATION_NOT_OPEN');
      expect((await beto('GET', '/api/me/evaluations')).json().data).toEqual([]);
      t.clock.advance(2 * DAY_MS);
      expect((await beto('GET', `/api/evaluations/${evaluation.id}`)).json().data.status).toBe('active');
      const open = await beto('PUT', `/api/evaluations/${evaluation.id}/answers`, {
        answers: [],
        submit: false,
      });
      expect(open.statusCode, open.body).toBe(200);
    });
  });

  describe('answering', () => {
    it('saves a draft, then submits; the draft is private to its author', async () => {
      const evaluation = await createSent();
      const [communication] = evaluation.questions;
      const url = `/api/evaluations/${evaluation.id}/answers`;
      const mine = await beto('GET', url);
      expect(mine.json().data).toMatchObject({ status: 'none', is_open: true, answers: [] });
      expect(mine.json().data.subjects.map((s: { name: string }) => s.name)).toEqual(['Carla', 'Dani']);
      const draft = await beto('PUT', url, {
        answers: [{ question_id: communication!.id, subject_id: ids.carla, score: 4 }],
      });
      expect(draft.statusCode, draft.body).toBe(200);
      expect(draft.json().data).toMatchObject({ status: 'draft', submitted_at: null });
      expect((await carla('GET', url)).json().data.answers).toEqual([]);
      const incomplete = await beto('PUT', url, {
        answers: [{ question_id: communication!.id, subject_id: ids.carla, score: 4 }],
        submit: true,
      });
      expect(incomplete.statusCode).toBe(422);
      expect(incomplete.json().code).toBe('EVALUATION_ANSWERS_INCOMPLETE');
      await rate(beto, evaluation, { [ids.carla]: 4, [ids.dani]: 2 });
      const read = (await beto('GET', url)).json().data;
      expect(read.status).toBe('submitted');
      expect(read.answers).toHaveLength(6);
      expect((await beto('GET', '/api/me/evaluations')).json().data).toEqual([]);
      const owner = (await ana('GET', `/api/evaluations/${evaluation.id}`)).json().data;
      expect(owner).toMatchObject({ submitted_count: 1, submitted_user_ids: null });
      const staff = (await teacher('GET', `/api/evaluations/${evaluation.id}`)).json().data;
      expect(staff).toMatchObject({ submitted_count: 1, submitted_user_ids: [ids.beto] });
    });

    it('refuses answers about oneself, about non-members, of the wrong kind, or twice for one question', async () => {
      const evaluation = await createSent();
      const [communication, , improve] = evaluation.questions;
      const url = `/api/evaluations/${evaluation.id}/answers`;
      const before = await snapshot(t.db);
      for (const answer of [
        { question_id: communication!.id, subject_id: ids.beto, score: 3 },
        { question_id: communication!.id, subject_id: ids.vera, score: 3 },
        { question_id: communication!.id, subject_id: null, score: 3 },
        { question_id: communication!.id, subject_id: ids.carla, text: 'words' },
        { question_id: improve!.id, subject_id: ids.carla, score: 3 },
        { question_id: 999_999, subject_id: ids.carla, score: 3 },
      ]) {
        const response = await beto('PUT', url, { answers: [answer] });
        expect(response.statusCode, JSON.stringify(answer)).toBe(422);
        expect(response.json().code).toBe('EVALUATION_ANSWER_NOT_VALID');
      }
      const twice = { question_id: communication!.id, subject_id: ids.carla, score: 3 };
      expect((await beto('PUT', url, { answers: [twice, twice] })).json().code).toBe(
        'EVALUATION_ANSWER_NOT_VALID',
      );
      const score = await beto('PUT', url, { answers: [{ ...twice, score: 6 }] });
      // Beto reads Spanish (his language setting).
      expect(score.json().errors).toContain('Elige una calificación del 1 al 5.');
      expect(await snapshot(t.db)).toEqual(before);
    });

    it('refuses people not asked, and teaching staff', async () => {
      const evaluation = await createSent({ member_ids: [ids.beto, ids.carla] });
      const url = `/api/evaluations/${evaluation.id}/answers`;
      expect((await dani('PUT', url, { answers: [] })).statusCode).toBe(404);
      expect((await ana('PUT', url, { answers: [] })).json().code).toBe('EVALUATION_NOT_INVITED');
      expect((await teacher('PUT', url, { answers: [] })).statusCode).toBe(403);
    });

    it('accepts answers through the deadline day and refuses them after, changing nothing', async () => {
      const evaluation = await createSent({ deadline: '2026-11-23' });
      t.clock.advance(DAY_MS); // the 23rd: the last day
      await rate(carla, evaluation, { [ids.beto]: 3, [ids.dani]: 3 });
      t.clock.advance(DAY_MS); // the 24th
      const before = await snapshot(t.db);
      const late = await dani('PUT', `/api/evaluations/${evaluation.id}/answers`, {
        answers: [],
        submit: false,
      });
      expect(late.statusCode).toBe(422);
      expect(late.json().errors).toEqual([
        'The deadline of this evaluation has passed: answers are no longer accepted.',
      ]);
      expect(await snapshot(t.db)).toEqual(before);
      expect((await beto('GET', `/api/evaluations/${evaluation.id}`)).json().data.status).toBe('expired');
    });
  });

  describe('deadline and closing', () => {
    it('extends the deadline, never before the publication date, and reopens a closed one', async () => {
      const evaluation = await createSent({ initial_date: '2026-11-22', deadline: '2026-11-23' });
      const url = `/api/evaluations/${evaluation.id}/deadline`;
      const before = await snapshot(t.db);
      const early = await anaEs('PUT', url, { deadline: '2026-11-21' });
      expect(early.statusCode).toBe(422);
      expect(early.json().errors).toEqual([
        'La fecha límite no puede ser anterior a la fecha de publicación.',
      ]);
      expect(await snapshot(t.db)).toEqual(before);
      const closed = await ana('POST', `/api/evaluations/${evaluation.id}/close`);
      expect(closed.json().data.status).toBe('expired');
      const late = await beto('PUT', `/api/evaluations/${evaluation.id}/answers`, { answers: [] });
      expect(late.json().code).toBe('EVALUATION_EXPIRED');
      const extended = await ana('PUT', url, { deadline: '2026-12-06' });
      expect(extended.statusCode, extended.body).toBe(200);
      expect(extended.json().data).toMatchObject({
        status: 'active',
        deadline: '2026-12-06',
        closed_at: null,
      });
    });

    it('moves only a sent evaluation', async () => {
      const draft = await create();
      const response = await ana('PUT', `/api/evaluations/${draft.id}/deadline`, { deadline: '2026-12-06' });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('EVALUATION_NOT_SENT');
      expect((await ana('POST', `/api/evaluations/${draft.id}/close`)).json().code).toBe(
        'EVALUATION_NOT_SENT',
      );
      expect((await ana('GET', `/api/evaluations/${draft.id}/results`)).json().code).toBe(
        'EVALUATION_NOT_SENT',
      );
    });
  });

  describe('results', () => {
    /** Beto, Carla and Dani rate each other; Dani rates only Beto (and so never submits for Carla). */
    async function ratedTeam() {
      const evaluation = await createSent();
      await rate(beto, evaluation, { [ids.carla]: 4, [ids.dani]: 2 });
      await rate(carla, evaluation, { [ids.beto]: 5, [ids.dani]: 3 });
      // Dani saves a draft only: drafts never count.
      const [communication] = evaluation.questions;
      await dani('PUT', `/api/evaluations/${evaluation.id}/answers`, {
        answers: [{ question_id: communication!.id, subject_id: ids.beto, score: 1 }],
      });
      return evaluation;
    }

    it("gives teaching staff each member's averages, distributions and ratings with their raters", async () => {
      const evaluation = await ratedTeam();
      const response = await teacher('GET', `/api/evaluations/${evaluation.id}/results`);
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({ members_count: 3, submitted_count: 2, withheld: null, status: 'active' });
      const byName = Object.fromEntries(data.subjects.map((s: { name: string }) => [s.name, s]));
      // Dani: rated 2 (Beto) and 3 (Carla) on communication; 3 and 4 on delivery.
      expect(byName.Dani).toMatchObject({
        subject_id: ids.dani,
        visibility: 'attributed',
        raters: 2,
        average: 3,
      });
      expect(byName.Dani.questions[0]).toMatchObject({
        answered: 2,
        average: 2.5,
        distribution: [0, 1, 1, 0, 0],
      });
      expect(byName.Dani.questions[1]).toMatchObject({
        answered: 2,
        average: 3.5,
        distribution: [0, 0, 1, 1, 0],
      });
      expect(byName.Dani.questions[2]).toMatchObject({
        answered: 2,
        average: null,
        distribution: [0, 0, 0, 0, 0],
        texts: [`Note for ${ids.dani} with 2`, `Note for ${ids.dani} with 3`],
      });
      expect(
        byName.Dani.ratings.map((r: { rater_name: string; score: number | null }) => [r.rater_name, r.score]),
      ).toEqual([
        ['Beto', 2],
        ['Beto', 3],
        ['Beto', null],
        ['Carla', 3],
        ['Carla', 4],
        ['Carla', null],
      ]);
      expect(byName.Beto).toMatchObject({ raters: 1, average: 5 });
      expect(byName.Carla).toMatchObject({ raters: 1, average: 4.5 });
    });

    it('gives a student owner nothing while it runs, then aggregates of members with at least 2 raters', async () => {
      const evaluation = await ratedTeam();
      const url = `/api/evaluations/${evaluation.id}/results`;
      expect((await ana('GET', url)).json().data).toMatchObject({ subjects: [], withheld: 'not_expired' });
      await ana('POST', `/api/evaluations/${evaluation.id}/close`);
      const data = (await ana('GET', url)).json().data;
      expect(data.withheld).toBeNull();
      const byName = Object.fromEntries(data.subjects.map((s: { name: string }) => [s.name, s]));
      expect(byName.Dani).toMatchObject({ visibility: 'aggregate', raters: 2, average: 3, ratings: null });
      // Beto and Carla were rated by one person each: nothing about them, not even that count.
      for (const name of ['Beto', 'Carla'])
        expect(byName[name]).toEqual({
          subject_id: name === 'Beto' ? ids.beto : ids.carla,
          name,
          visibility: 'withheld',
          raters: null,
          average: null,
          questions: [],
          ratings: null,
        });
    });

    it('gives a member only their own block, once expired and with at least 2 raters', async () => {
      const evaluation = await ratedTeam();
      const url = `/api/evaluations/${evaluation.id}/results`;
      expect((await dani('GET', url)).json().data).toMatchObject({ subjects: [], withheld: 'not_expired' });
      await ana('POST', `/api/evaluations/${evaluation.id}/close`);
      const danis = (await dani('GET', url)).json().data;
      expect(danis.withheld).toBeNull();
      expect(danis.subjects).toHaveLength(1);
      expect(danis.subjects[0]).toMatchObject({
        subject_id: ids.dani,
        visibility: 'aggregate',
        raters: 2,
        average: 3,
      });
      // Beto was rated by Carla only: an average of one is that person's rating.
      expect((await beto('GET', url)).json().data).toMatchObject({
        subjects: [{ subject_id: ids.beto, visibility: 'withheld', raters: null, questions: [] }],
        withheld: null,
      });
      // Vera was not asked: for her the evaluation does not exist.
      expect((await vera('GET', url)).statusCode).toBe(404);
    });

    it('never says who rated whom, through any endpoint', async () => {
      const evaluation = await ratedTeam();
      await ana('POST', `/api/evaluations/${evaluation.id}/close`);
      const base = `/api/evaluations/${evaluation.id}`;
      const bodies: string[] = [];
      // Every student; teaching staff may read ratings with their raters (the test above).
      for (const api of [ana, beto, carla, dani, vera]) {
        for (const url of [
          base,
          `${base}/results`,
          `${base}/answers`,
          `/api/projects/${projectId}/evaluations`,
        ]) {
          const response = await api('GET', url);
          if (response.statusCode === 200) bodies.push(response.body);
        }
      }
      for (const body of bodies) expect(body).not.toMatch(/respondent|rater_id|rated_by|author/);
      // The only answers anyone reads with a person attached are their own (GET …/answers).
      const carlas = (await carla('GET', `${base}/answers`)).json().data.answers;
      expect(carlas.map((a: { subject_id: number }) => a.subject_id).sort()).toEqual(
        [ids.beto, ids.beto, ids.beto, ids.dani, ids.dani, ids.dani].sort(),
      );
      // Text answers come sorted, never in the order they were given.
      const results = (await ana('GET', `${base}/results`)).json().data;
      const shown = results.subjects.filter((s: { visibility: string }) => s.visibility !== 'withheld');
      expect(shown).not.toHaveLength(0);
      for (const subject of shown) {
        const texts = subject.questions[2].texts as string[];
        expect(texts).toEqual([...texts].sort((a, b) => a.localeCompare(b)));
      }
    });

    it('aggregates a project evaluation in one block', async () => {
      const evaluation = await createSent({
        type: 'project',
        member_ids: [ids.beto, ids.carla],
        questions: [{ kind: 'scale', text: 'Scope was clear' }],
      });
      const [scope] = evaluation.questions;
      for (const [api, score] of [
        [beto, 2],
        [carla, 5],
      ] as const) {
        const response = await api('PUT', `/api/evaluations/${evaluation.id}/answers`, {
          answers: [{ question_id: scope!.id, score }],
          submit: true,
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      await ana('POST', `/api/evaluations/${evaluation.id}/close`);
      const owner = (await ana('GET', `/api/evaluations/${evaluation.id}/results`)).json().data;
      expect(owner.subjects).toEqual([
        {
          subject_id: null,
          name: null,
          visibility: 'aggregate',
          raters: 2,
          average: 3.5,
          questions: [
            { question_id: scope!.id, answered: 2, average: 3.5, distribution: [0, 1, 0, 0, 1], texts: [] },
          ],
          ratings: null,
        },
      ]);
      expect((await beto('GET', `/api/evaluations/${evaluation.id}/results`)).json().data.subjects).toEqual(
        owner.subjects,
      );
    });
  });
});

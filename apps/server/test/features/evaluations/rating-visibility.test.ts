import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCoachQuestion } from '../../../src/features/assistant/coach/coach.js';
import { DAY_MS } from '../../../src/lib/clock.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, setAccount, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

/**
 * PRODUCT.md "Evaluations": one visibility rule on every surface that shows ratings. SURFACES lists
 * them, each with how to read what a viewer sees of the ratings; every surface is checked for every
 * case below, and the two guards at the end fail when a route or a reader of ratings is not listed.
 */

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src');

/** Response fields that carry a rating or who rated / submitted (the route guard looks for them). */
const RATING_FIELDS = ['peer_score', 'peer_ratings', 'raters', 'rater_id', 'ratings', 'submitted_user_ids'];

/** What a viewer sees of the ratings through one surface, whatever its shape. */
interface Seen {
  /** Per rated member shown: their score, how many rated them (null: not said), and who rated. */
  members: Map<number, { score: number | null; raters: number | null; raterIds: number[] }>;
  /** Who submitted (user ids), or null when the surface does not say. */
  submitters: number[] | null;
}

interface World {
  t: TestApp;
  projectId: number;
  evaluationId: number;
  ids: Record<Person, number>;
  as: Record<Person, Api>;
}
type Person = 'ana' | 'beto' | 'carla' | 'dani' | 'tess';

interface Surface {
  name: string;
  /** The route(s) it answers on (OpenAPI paths), for the route guard. */
  routes: string[];
  /** The server files that read ratings for it, for the reader guard. */
  sources: string[];
  /** What teaching staff see on it: each rating with its rater, every member's score, or no rating at all. */
  staff: 'attributed' | 'every_score' | 'no_ratings';
  read(world: World, who: Person): Promise<Seen>;
}

const none = (): Seen => ({ members: new Map(), submitters: null });

/** The raw body must carry no rating field (for surfaces that show no ratings at all). */
function noRatingFields(body: string): Seen {
  for (const field of RATING_FIELDS) expect(body).not.toContain(`"${field}"`);
  return none();
}

const SURFACES: Surface[] = [
  {
    name: 'evaluation results (and the CSV the web app builds from them)',
    routes: ['/api/evaluations/{id}/results'],
    sources: ['features/evaluations/evaluation-results.ts'],
    staff: 'attributed',
    async read({ as, evaluationId }, who) {
      const response = await as[who]('GET', `/api/evaluations/${evaluationId}/results`);
      expect(response.statusCode, response.body).toBe(200);
      const seen = none();
      for (const subject of response.json().data.subjects) {
        if (subject.visibility === 'withheld') {
          expect(subject).toMatchObject({ raters: null, average: null, questions: [], ratings: null });
          continue;
        }
        seen.members.set(subject.subject_id, {
          score: subject.average,
          raters: subject.raters,
          raterIds: (subject.ratings ?? []).map((rating: { rater_id: number }) => rating.rater_id),
        });
      }
      return seen;
    },
  },
  {
    name: "one evaluation (who submitted), also as an owner's send, deadline and close answer it",
    routes: [
      '/api/evaluations/{id}',
      '/api/evaluations/{id}/send',
      '/api/evaluations/{id}/deadline',
      '/api/evaluations/{id}/close',
    ],
    sources: ['features/evaluations/evaluation-reading.ts'],
    staff: 'attributed',
    async read({ as, evaluationId }, who) {
      const response = await as[who]('GET', `/api/evaluations/${evaluationId}`);
      expect(response.statusCode, response.body).toBe(200);
      const submitters = response.json().data.submitted_user_ids;
      if (who === 'ana') {
        // The owner's actions answer with the same reading (the deadline set to what it is).
        const url = `/api/evaluations/${evaluationId}/deadline`;
        const moved = await as.ana('PUT', url, { deadline: '2026-11-29' });
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json().data.submitted_user_ids).toEqual(submitters);
      }
      return { members: new Map(), submitters };
    },
  },
  {
    name: 'the evaluations list (counts only)',
    routes: ['/api/projects/{id}/evaluations'],
    sources: ['features/evaluations/evaluation-reading.ts'],
    staff: 'no_ratings',
    async read({ as, projectId }, who) {
      const response = await as[who]('GET', `/api/projects/${projectId}/evaluations`);
      expect(response.statusCode, response.body).toBe(200);
      return noRatingFields(response.body);
    },
  },
  {
    name: 'fairness',
    routes: ['/api/projects/{id}/fairness'],
    sources: ['features/fairness/fairness.service.ts', 'features/evaluations/evaluation-ratings.service.ts'],
    staff: 'every_score',
    async read({ as, projectId }, who) {
      const response = await as[who]('GET', `/api/projects/${projectId}/fairness`);
      expect(response.statusCode, response.body).toBe(200);
      const seen = none();
      for (const member of response.json().data.members) {
        if (member.peer_score === null) {
          expect(member.peer_ratings).toBe(0);
          continue;
        }
        seen.members.set(member.user_id, { score: member.peer_score, raters: null, raterIds: [] });
      }
      return seen;
    },
  },
  {
    name: 'evaluation evidence (facts beside the ratings, never a rating)',
    routes: ['/api/evaluations/{id}/evidence'],
    sources: [],
    staff: 'no_ratings',
    async read({ as, evaluationId }, who) {
      const response = await as[who]('GET', `/api/evaluations/${evaluationId}/evidence`);
      expect(response.statusCode, response.body).toBe(200);
      return noRatingFields(response.body);
    },
  },
  {
    name: 'course overview (teaching staff only; no ratings)',
    routes: ['/api/dashboard/course_overview', '/api/dashboard/course_overview.csv'],
    sources: [],
    staff: 'no_ratings',
    async read({ as }, who) {
      const response = await as[who]('GET', '/api/dashboard/course_overview');
      expect(response.statusCode, response.body).toBe(who === 'tess' ? 200 : 403);
      return noRatingFields(response.body);
    },
  },
  {
    name: 'metrics (teaching staff only; how many evaluations were answered per day, a count)',
    routes: ['/api/dashboard/metrics'],
    sources: ['features/metrics/metrics.repository.ts'],
    staff: 'no_ratings',
    async read({ as }, who) {
      const response = await as[who]('GET', '/api/dashboard/metrics');
      expect(response.statusCode, response.body).toBe(who === 'tess' ? 200 : 403);
      return noRatingFields(response.body);
    },
  },
  {
    name: "the assistant's coach (answers about the asker's project; no ratings)",
    routes: [],
    sources: [],
    staff: 'no_ratings',
    async read({ t, projectId, ids }, who) {
      for (const question of ['How did my teammates rate me?', 'What is my workload?', '¿Qué hago hoy?']) {
        const answer = await answerCoachQuestion(t.db, {
          userId: ids[who],
          projectId,
          question,
          language: 'en',
          now: t.clock.now(),
        });
        noRatingFields(JSON.stringify(answer));
        // Every score given in this world is 2 to 5 "/ 5" or a decimal average; none may appear.
        expect(JSON.stringify(answer)).not.toMatch(/peer|rating|calificaci/i);
      }
      return none();
    },
  },
];

/** Files that may read ratings without being a surface, and why. */
const NOT_SURFACES: Record<string, string> = {
  'features/evaluations/evaluation-reminders.ts':
    'who has not submitted, to mail them a reminder; shows nothing',
  'features/evaluations/evaluations.repository.ts': 'the queries themselves (counts, who submitted)',
  'features/evaluations/evaluation-responses.repository.ts': 'the queries themselves',
};

describe.skipIf(!isDatabaseAvailable)('rating visibility on every surface (PRODUCT.md "Evaluations")', () => {
  const world = {} as World;

  beforeAll(async () => {
    const t = await buildTestApp();
    world.t = t;
    world.ids = {} as World['ids'];
    world.as = {} as World['as'];
    for (const key of ['ana', 'beto', 'carla', 'dani', 'tess'] as const) {
      const user = await createUser(t.db, { email: `${key}@uni.example`, name: key.toUpperCase() });
      world.ids[key] = user.id;
      world.as[key] = apiAs(t.app, await signIn(t.app, `${key}@uni.example`));
    }
    await setAccount(t.db, world.ids.tess, { account_type: 'teacher' });
    const created = await world.as.ana('POST', '/api/projects', { name: 'Team A', is_private: false });
    world.projectId = created.json().data.id;
    for (const key of ['beto', 'carla', 'dani', 'tess'] as const) {
      await addMember(t.db, {
        projectId: world.projectId,
        userId: world.ids[key],
        role: 'member',
        folderId: await defaultFolderId(world.as[key]),
      });
    }
    // No member_ids: the students of the project, never the teacher who is a member too.
    const evaluation = await world.as.ana('POST', `/api/projects/${world.projectId}/evaluations`, {
      title: 'Sprint 1',
      description: 'Rate each teammate.',
      type: 'team',
      initial_date: '2026-11-22',
      deadline: '2026-11-29',
      questions: [
        { kind: 'scale', text: 'Delivery' },
        { kind: 'text', text: 'One thing to improve' },
      ],
    });
    expect(evaluation.statusCode, evaluation.body).toBe(201);
    const { id, questions, members } = evaluation.json().data;
    world.evaluationId = id;
    expect(members.map((m: { user_id: number }) => m.user_id).sort()).toEqual(
      [world.ids.ana, world.ids.beto, world.ids.carla, world.ids.dani].sort(),
    );
    expect((await world.as.ana('POST', `/api/evaluations/${id}/send`)).statusCode).toBe(200);
    // Beto and Carla rate everyone: Ana and Dani get 2 raters each, Beto and Carla 1 each.
    const rate = async (who: Person, scores: Partial<Record<Person, number>>) => {
      const answers = Object.entries(scores).flatMap(([subject, score]) => [
        { question_id: questions[0].id, subject_id: world.ids[subject as Person], score },
        { question_id: questions[1].id, subject_id: world.ids[subject as Person], text: `from ${who}` },
      ]);
      const saved = await world.as[who]('PUT', `/api/evaluations/${id}/answers`, { answers, submit: true });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await rate('beto', { ana: 3, carla: 4, dani: 2 });
    await rate('carla', { ana: 4, beto: 5, dani: 3 });
  });
  afterAll(() => world.t?.close());

  it('selects no teaching staff by default, and the list offers the same default', async () => {
    const list = (await world.as.ana('GET', `/api/projects/${world.projectId}/evaluations`)).json().data;
    const { ana, beto, carla, dani } = world.ids;
    expect(list.default_member_ids).toEqual([ana, beto, carla, dani].sort((a, b) => a - b));
    const asMember = (await world.as.beto('GET', `/api/projects/${world.projectId}/evaluations`)).json().data;
    expect(asMember.default_member_ids).toEqual([]);
    // Named explicitly, the teacher is rated like anyone (a draft, removed again).
    const named = await world.as.ana('POST', `/api/projects/${world.projectId}/evaluations`, {
      title: 'With the teacher',
      description: 'Rate everyone.',
      type: 'team',
      initial_date: '2026-11-22',
      deadline: '2026-11-29',
      member_ids: [world.ids.beto, world.ids.tess],
      questions: [{ kind: 'scale', text: 'Delivery' }],
    });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().data.members.map((m: { user_id: number }) => m.user_id)).toContain(world.ids.tess);
    expect((await world.as.ana('DELETE', `/api/evaluations/${named.json().data.id}`)).statusCode).toBe(204);
  });

  describe('while the evaluation is open', () => {
    it.each(SURFACES.map((surface) => [surface.name, surface] as const))(
      '%s: a student owner sees no per-member score, rater count or submitter',
      async (_name, surface) => {
        const seen = await surface.read(world, 'ana');
        expect(seen.members.size).toBe(0);
        expect(seen.submitters).toBeNull();
      },
    );

    it.each(SURFACES.map((surface) => [surface.name, surface] as const))(
      '%s: teaching staff see what the surface holds, with one rater too',
      async (_name, surface) => {
        const seen = await surface.read(world, 'tess');
        if (surface.staff === 'no_ratings') return expect(seen.members.size).toBe(0);
        if (surface.routes.includes('/api/evaluations/{id}'))
          return expect(seen.submitters).toEqual([world.ids.beto, world.ids.carla].sort((a, b) => a - b));
        // Beto was rated by Carla alone, and is shown.
        expect(seen.members.get(world.ids.beto)?.score).toBe(5);
        if (surface.staff === 'attributed')
          expect(seen.members.get(world.ids.beto)?.raterIds).toEqual([world.ids.carla, world.ids.carla]);
      },
    );
  });

  describe('after the deadline', () => {
    beforeAll(() => world.t.clock.advance(8 * DAY_MS));

    it.each(SURFACES.map((surface) => [surface.name, surface] as const))(
      '%s: a student sees nothing of a member with 1 rater, only aggregates with 2',
      async (_name, surface) => {
        const { ana, beto, carla, dani } = world.ids;
        for (const who of ['ana', 'beto', 'carla', 'dani'] as const) {
          const seen = await surface.read(world, who);
          expect(seen.submitters).toBeNull();
          expect(seen.members.has(beto)).toBe(false);
          expect(seen.members.has(carla)).toBe(false);
          for (const shown of seen.members.values()) expect(shown.raterIds).toEqual([]);
          if (surface.staff === 'no_ratings' || surface.routes.includes('/api/evaluations/{id}')) {
            expect(seen.members.size).toBe(0);
            continue;
          }
          // The owner sees every aggregate; a member only their own.
          const expected = who === 'ana' ? [ana, dani] : who === 'dani' ? [dani] : [];
          expect([...seen.members.keys()].sort()).toEqual(expected.sort());
          if (seen.members.has(dani)) expect(seen.members.get(dani)?.score).toBe(2.5);
          if (seen.members.get(dani)?.raters !== null && seen.members.has(dani))
            expect(seen.members.get(dani)?.raters).toBe(2);
        }
      },
    );

    it('a student reads every written answer without its author', async () => {
      const { evaluationId, as, ids } = world;
      const results = (await as.ana('GET', `/api/evaluations/${evaluationId}/results`)).json().data;
      const danis = results.subjects.find((s: { subject_id: number }) => s.subject_id === ids.dani);
      expect(danis.questions[1].texts).toEqual(['from beto', 'from carla']);
      expect(danis.ratings).toBeNull();
      const teachers = (await as.tess('GET', `/api/evaluations/${evaluationId}/results`)).json().data;
      const attributed = teachers.subjects.find((s: { subject_id: number }) => s.subject_id === ids.dani);
      expect(attributed.ratings).toContainEqual(
        expect.objectContaining({ rater_id: ids.beto, rater_name: 'BETO', score: 2 }),
      );
    });
  });

  describe('guards: no surface is forgotten', () => {
    it('lists every route whose answer carries a rating field', async () => {
      const spec = (await world.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const carriesRating = (schema: unknown): boolean => {
        if (schema === null || typeof schema !== 'object') return false;
        if (Array.isArray(schema)) return schema.some(carriesRating);
        const record = schema as Record<string, unknown>;
        const properties = (record.properties ?? {}) as Record<string, unknown>;
        if (Object.keys(properties).some((key) => RATING_FIELDS.includes(key))) return true;
        return Object.values(record).some(carriesRating);
      };
      const found: string[] = [];
      for (const [route, methods] of Object.entries(spec.paths as Record<string, object>)) {
        for (const operation of Object.values(methods as Record<string, { responses?: object }>))
          if (carriesRating(operation.responses)) found.push(route);
      }
      expect(found).toContain('/api/projects/{id}/fairness');
      const listed = new Set(SURFACES.flatMap((surface) => surface.routes));
      expect(found.filter((route) => !listed.has(route))).toEqual([]);
    });

    it('lists every server file that reads ratings (or says why it is not a surface)', () => {
      const reads =
        /\b(submittedAnswers|peerRatingGroups|submittedUserIds|visiblePeerRatings)\b|'evaluation_(answers|responses)'/;
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir)) {
          const full = path.join(dir, entry);
          if (statSync(full).isDirectory()) walk(full);
          else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) files.push(full);
        }
      };
      walk(srcDir);
      const readers = files
        .map((file) => path.relative(srcDir, file).split(path.sep).join('/'))
        .filter((file) => !file.startsWith('db/'))
        .filter((file) => reads.test(readFileSync(path.join(srcDir, file), 'utf8')));
      expect(readers).toContain('features/fairness/fairness.service.ts');
      const known = new Set([
        ...SURFACES.flatMap((surface) => surface.sources),
        ...Object.keys(NOT_SURFACES),
      ]);
      expect(readers.filter((file) => !known.has(file))).toEqual([]);
    });
  });
});

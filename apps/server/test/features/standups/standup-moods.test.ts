import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BoardEventSchema,
  BoardPresenceSchema,
  JoinBoardAckSchema,
  UserEventSchema,
  type Standup,
  type StandupAnalysis,
} from '@teamboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DAY_MS } from '../../../src/lib/clock.js';
import { isDatabaseAvailable, TEST_DIALECT } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, setAccount, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

/**
 * Issue 43, point 3: stress and feeling are personal (PRODUCT.md, "Stand-up reports"). One rule
 * (apps/server/src/features/standups/mood-visibility.ts) on every surface: the author, the
 * project's owners and teaching staff see them; a teammate or viewer sees what was done, what is
 * next and the blockers. This file lists the surfaces, checks each for every kind of reader, and
 * fails when a route, a real-time message or a source file shows moods without being listed here.
 */

/** Every operation whose answer carries a mood field, and how it keeps the rule. */
const MOOD_ROUTES: Record<string, string> = {
  'GET /api/projects/{id}/standups': 'the list: moodsFor() per stand-up',
  'GET /api/standups/{id}': 'a stand-up: moodsFor()',
  'POST /api/projects/{id}/standups': "its author's own answer (only they submit their own)",
  'PUT /api/standups/{id}': "its author's own answer (anyone else: 403)",
  'GET /api/projects/{id}/standups/analysis': 'member rows by maySeeMood, team days by maySeeMoodAverage',
  'GET /api/dashboard/course_overview': 'teaching staff only (signedInRoute staff), whom the rule lets see',
};

/**
 * Every server source file that names a mood column or reads the standups table, and why it keeps
 * the rule. A new reader (the assistant's coach, evaluation evidence, a CSV, a real-time event…)
 * fails here until it goes through mood-visibility.ts and is listed.
 */
const MOOD_SOURCES: Record<string, string> = {
  'db/migrations/2026_11_26_1000_create_standups.ts': 'the table',
  'features/standups/standups.table.ts': 'the row type',
  'features/standups/standups.repository.ts': 'reads; its callers apply the rule',
  'features/standups/standups.service.ts': 'list, stand-up, create, edit: moodsFor()',
  'features/standups/standup-analysis.ts': 'maySeeMood, maySeeMoodAverage',
  'features/standups/mood-visibility.ts': 'THE rule',
  'features/standups/standups.routes.ts': 'a route summary',
  'features/standups/signals/word-lists.ts': 'the "stress" text-signal words (texts teammates see)',
  'features/course-overview/course-overview.repository.ts': 'staff-only course overview',
  'features/course-overview/course-signals.ts': 'staff-only course overview',
  'board-content/member-activity.ts': 'stand-up days only, no mood',
  'board-content/member-facts.ts': 'stand-up counts only, no mood (fairness, evidence)',
};

const MOOD_KEY = /stress|feeling|mood/i;
const SERVER_SRC = fileURLToPath(new URL('../../../src/', import.meta.url));

/** Property names anywhere in a JSON schema, following local $refs. */
function propertyNames(
  schema: unknown,
  document: Record<string, unknown>,
  seen = new Set<string>(),
): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item) => propertyNames(item, document, seen));
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const names: string[] = [];
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/') && !seen.has(node.$ref)) {
    seen.add(node.$ref);
    const target = node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], document);
    names.push(...propertyNames(target, document, seen));
  }
  if (typeof node.properties === 'object' && node.properties !== null)
    names.push(...Object.keys(node.properties));
  for (const value of Object.values(node)) names.push(...propertyNames(value, document, seen));
  return names;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

type Key = 'ana' | 'beto' | 'carla' | 'dan' | 'eva' | 'vera' | 'tomas' | 'teacher' | 'admin';
const AUTHORS = ['beto', 'carla', 'dan', 'eva'] as const;
type Author = (typeof AUTHORS)[number];
/** Each author's moods, all different, so a value seen is a value leaked. */
const MOODS: Record<Author, { stress: number; feeling: number }> = {
  beto: { stress: 4, feeling: 2 },
  carla: { stress: 1, feeling: 5 },
  dan: { stress: 2, feeling: 3 },
  eva: { stress: 5, feeling: 1 },
};

/** The readers, and whether each may see every author's moods (the spec, not the code under test). */
const READERS: { key: Key; who: string; seesAll: boolean }[] = [
  { key: 'beto', who: 'the author (a member)', seesAll: false },
  { key: 'carla', who: 'a teammate (a member)', seesAll: false },
  { key: 'vera', who: 'a viewer', seesAll: false },
  { key: 'ana', who: 'an owner', seesAll: true },
  { key: 'teacher', who: 'a teacher who is not on the project', seesAll: true },
  { key: 'admin', who: 'an admin who is not on the project', seesAll: true },
  { key: 'tomas', who: 'a teacher on the project as a viewer', seesAll: true },
];
const seesMoodOf = (reader: Key, author: Key) =>
  reader === author || READERS.some((r) => r.key === reader && r.seesAll);

describe.skipIf(!isDatabaseAvailable)(`stand-up moods follow one rule (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const api = {} as Record<Key, Api>;
  const ids = {} as Record<Key, number>;
  let projectId: number;
  /** Sunday the 22nd: Beto and Carla (2 authors); Monday the 23rd (today): all four. */
  const standupIds = {} as Record<Author, number>;

  beforeAll(async () => {
    t = await buildTestApp();
    for (const key of Object.keys({
      ana: 1,
      beto: 1,
      carla: 1,
      dan: 1,
      eva: 1,
      vera: 1,
      tomas: 1,
      teacher: 1,
      admin: 1,
    }) as Key[]) {
      const user = await createUser(t.db, { email: `${key}@uni.example`, name: key });
      ids[key] = user.id;
      if (key === 'teacher' || key === 'tomas') await setAccount(t.db, user.id, { account_type: 'teacher' });
      if (key === 'admin') await setAccount(t.db, user.id, { account_type: 'admin' });
      api[key] = apiAs(t.app, await signIn(t.app, `${key}@uni.example`));
    }
    projectId = (await api.ana('POST', '/api/projects', { name: 'Team A', is_private: false })).json().data
      .id;
    for (const [key, role] of [
      ['beto', 'member'],
      ['carla', 'member'],
      ['dan', 'member'],
      ['eva', 'member'],
      ['vera', 'viewer'],
      ['tomas', 'viewer'],
    ] as const)
      await addMember(t.db, { projectId, userId: ids[key], role, folderId: await defaultFolderId(api[key]) });

    const submit = async (author: Author) => {
      const response = await api[author]('POST', `/api/projects/${projectId}/standups`, {
        did: `${author} did`,
        will_do: `${author} will do`,
        blockers: `${author} waits`,
        is_blocked: true,
        hours: 2,
        ...MOODS[author],
      });
      expect(response.statusCode, response.body).toBe(201);
      // The author's own answer (POST) carries their own moods.
      expect(response.json().data).toMatchObject(MOODS[author]);
      return response.json().data.id as number;
    };
    standupIds.beto = await submit('beto');
    standupIds.carla = await submit('carla');
    t.clock.advance(DAY_MS);
    for (const author of AUTHORS) await submit(author);
  });
  afterAll(() => t?.close());

  /** The moods one reader got for one author's stand-up: the author's own, or null. */
  const expected = (reader: Key, author: Author) =>
    seesMoodOf(reader, author) ? MOODS[author] : { stress: null, feeling: null };

  describe.each(READERS)('$who', ({ key, seesAll }) => {
    it('reads moods on the list only as the rule says, and always what was done, what is next and blockers', async () => {
      const response = await api[key]('GET', `/api/projects/${projectId}/standups`);
      expect(response.statusCode, response.body).toBe(200);
      const standups = response.json().data.standups as Standup[];
      expect(standups).toHaveLength(6);
      for (const standup of standups) {
        const author = standup.user_name as Author;
        expect({ stress: standup.stress, feeling: standup.feeling }, `${key} reads ${author}`).toEqual(
          expected(key, author),
        );
        expect(standup).toMatchObject({
          did: `${author} did`,
          will_do: `${author} will do`,
          blockers: `${author} waits`,
          is_blocked: true,
        });
      }
    });

    it('reads moods on a stand-up only as the rule says', async () => {
      for (const author of ['beto', 'carla'] as const) {
        const response = await api[key]('GET', `/api/standups/${standupIds[author]}`);
        expect(response.statusCode, response.body).toBe(200);
        const standup = response.json().data as Standup;
        expect({ stress: standup.stress, feeling: standup.feeling }).toEqual(expected(key, author));
        expect(standup.did).toBe(`${author} did`);
        expect(standup.blockers).toBe(`${author} waits`);
      }
    });

    it('reads the analysis: member rows and team averages only as the rule says', async () => {
      const response = await api[key]('GET', `/api/projects/${projectId}/standups/analysis`);
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data as StandupAnalysis;
      const rows = data.members.map((member) => member.name);
      const visible = ['ana', ...AUTHORS].filter((author) => seesMoodOf(key, author as Key));
      expect(rows).toEqual(visible);
      for (const row of data.members.filter((member) => member.name !== 'ana'))
        expect({ stress: row.stress_avg, feeling: row.feeling_avg }).toEqual(MOODS[row.name as Author]);

      // Sunday: Beto and Carla only. A member or viewer would work the other's value out of the
      // average (and their own): withheld. Monday: four authors, at least 3 hidden from anyone: shown.
      const day = (date: string) => data.team.per_day.find((entry) => entry.day === date)!;
      expect(day('2026-11-22')).toMatchObject(
        seesAll
          ? { submitted: 2, stress_avg: 2.5, feeling_avg: 3.5 }
          : { submitted: 2, stress_avg: null, feeling_avg: null },
      );
      expect(day('2026-11-23')).toMatchObject({
        submitted: 4,
        stress_avg: 3,
        feeling_avg: 2.75,
        hours_avg: 2,
      });
      expect(data.team.mood_averages_withheld).toBe(!seesAll);
      // The rest of the team view is everyone's.
      expect(data.team).toMatchObject({ submitted: 6, blocking: { open_blockers: 4, days_blocked: 2 } });
    });
  });

  it('keeps the staff-only course overview (JSON and CSV) from students; staff read the team mood', async () => {
    for (const key of ['ana', 'beto', 'carla', 'vera'] as const) {
      expect((await api[key]('GET', '/api/dashboard/course_overview')).statusCode).toBe(403);
      expect((await api[key]('GET', '/api/dashboard/course_overview.csv')).statusCode).toBe(403);
    }
    for (const key of ['teacher', 'admin', 'tomas'] as const) {
      const response = await api[key]('GET', '/api/dashboard/course_overview');
      expect(response.statusCode, response.body).toBe(200);
      const team = (
        response.json().data.teams as { project_id: number; mood: { standups: number; average: number } }[]
      ).find((entry) => entry.project_id === projectId);
      expect(team?.mood).toMatchObject({ standups: 6, average: 3 });
    }
  });

  describe('no surface is forgotten', () => {
    it('lists every operation whose answer has a stress, feeling or mood field', async () => {
      const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const found: string[] = [];
      for (const [path, operations] of Object.entries(
        document.paths as Record<string, Record<string, { responses?: unknown }>>,
      ))
        for (const [method, operation] of Object.entries(operations))
          if (propertyNames(operation.responses, document).some((name) => MOOD_KEY.test(name)))
            found.push(`${method.toUpperCase()} ${path}`);
      expect(found.sort()).toEqual(Object.keys(MOOD_ROUTES).sort());
    });

    it('sends no mood in any real-time message', () => {
      for (const schema of [BoardEventSchema, UserEventSchema, BoardPresenceSchema, JoinBoardAckSchema]) {
        const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }) as Record<
          string,
          unknown
        >;
        const names = propertyNames(json, json);
        expect(names.length).toBeGreaterThan(0);
        expect(names.filter((name) => MOOD_KEY.test(name))).toEqual([]);
      }
    });

    it('lists every server file that reads a mood column or the standups table', () => {
      const readsMoods = /\b(stress|feeling)\b|selectFrom\(\s*'standups'|\bfrom standups\b|\bjoin standups\b/;
      const found = sourceFiles(SERVER_SRC)
        .filter((file) => readsMoods.test(readFileSync(file, 'utf8')))
        .map((file) => relative(SERVER_SRC, file).split('\\').join('/'));
      expect(found.sort()).toEqual(Object.keys(MOOD_SOURCES).sort());
    });
  });
});

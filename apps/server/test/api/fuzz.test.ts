import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../helpers/database.js';
import { casesFor, operationsOf, type FuzzCase, type Operation } from '../helpers/fuzz-cases.js';
import { problemsOf, type Problem } from '../helpers/fuzz-checks.js';
import { createFuzzFixture, type FuzzFixture } from '../helpers/fuzz-fixture.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 7, part 3: every operation of the OpenAPI document, fed generated valid and invalid
 * requests as every kind of caller. FUZZ_RUNS cases per operation (100 by default), FUZZ_SEED to
 * replay a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

/** Built while collecting, because the tests are one per operation of the app's own document. */
const t: TestApp | undefined = isDatabaseAvailable ? await buildTestApp() : undefined;

async function readOperations(app: TestApp | undefined): Promise<Operation[]> {
  if (!app) return [];
  return operationsOf((await app.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
}

/**
 * Destructive operations run last, leaves before what holds them, so the others keep meeting real
 * rows: deletions (attachments … project), then leaving the project, then signing out.
 */
const LAST = [
  '/api/attachments/',
  '/api/checklist/',
  '/api/comments/',
  '/api/hours/',
  '/api/tasks/{id}/commits',
  '/api/tasks/',
  '/api/columns/',
  '/api/labels/',
  '/api/milestones/',
  '/api/boards/',
  '/api/project_invitations/',
  '/api/projects/{id}/members/',
  '/api/users/image',
  '/api/folders/',
  '/api/projects/{id}/membership',
  '/api/projects/',
  '/api/auth/sign_out',
];

function runOrder(operation: Operation): number {
  if (operation.method !== 'DELETE') return 0;
  const index = LAST.findIndex((prefix) => operation.path.startsWith(prefix));
  return index === -1 ? 1 : 2 + index;
}

const operations = (await readOperations(t)).sort((a, b) => runOrder(a) - runOrder(b));

describe.skipIf(!isDatabaseAvailable)('fuzzing every operation of the OpenAPI document', () => {
  let fixture: FuzzFixture;
  const crashes: unknown[] = [];
  const totals = { cases: 0, serverErrors: 0, accepted: 0, leaks: 0, other: 0 };
  const recordCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    process.on('unhandledRejection', recordCrash);
    process.on('uncaughtException', recordCrash);
    fixture = await createFuzzFixture(t!);
  });

  afterAll(async () => {
    process.off('unhandledRejection', recordCrash);
    process.off('uncaughtException', recordCrash);
    await t?.close();
    console.log(
      `fuzz: ${operations.length} operations, ${totals.cases} cases, ${totals.serverErrors} responses ≥ 500, ` +
        `${totals.accepted} invalid inputs accepted, ${totals.leaks} leaks (seed ${SEED}, ${RUNS} per operation)`,
    );
  });

  async function send(c: FuzzCase): Promise<Problem[]> {
    const answer = await t!.app.inject({
      method: c.method,
      url: c.url,
      headers: c.headers,
      payload: c.payload,
    });
    return problemsOf(c, answer);
  }

  function tally(problems: Problem[]): void {
    totals.cases += 1;
    for (const problem of problems) {
      if (problem.kind === 'server error') totals.serverErrors += 1;
      else if (problem.kind === 'invalid input accepted') totals.accepted += 1;
      else if (problem.kind === 'leak') totals.leaks += 1;
      else totals.other += 1;
    }
  }

  it('reads a document with operations', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  for (const [index, operation] of operations.entries()) {
    it(`${operation.method} ${operation.path}`, { timeout: 600_000 }, async () => {
      const cases = fc.sample(casesFor(operation, fixture), { numRuns: RUNS, seed: SEED + index });
      const problems: Problem[] = [];
      for (const c of cases) {
        const found = await send(c);
        tally(found);
        problems.push(...found);
      }
      expect(problems.slice(0, 5), `${problems.length} problems`).toEqual([]);
    });
  }

  it('fired no unhandled rejection or uncaught exception', () => {
    expect(crashes).toEqual([]);
  });
});

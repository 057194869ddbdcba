import { expect } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { snapshot } from './projects.js';

/**
 * What the matrix tests count: every case tried, and each answer on the wrong side of "allowed"
 * (2xx/3xx) versus "refused" (4xx/5xx). Each case also asserts its exact status, so a green run
 * prints zeros; the figures are for docs/security.md.
 */
export class MatrixTally {
  cases = 0;
  unexpectedAllows = 0;
  unexpectedDenials = 0;

  record(expected: number, actual: number): void {
    this.cases += 1;
    const isAllowed = (status: number) => status < 400;
    if (isAllowed(actual) && !isAllowed(expected)) this.unexpectedAllows += 1;
    if (!isAllowed(actual) && isAllowed(expected)) this.unexpectedDenials += 1;
  }

  summary(name: string): string {
    return `${name}: ${this.cases} cases, ${this.unexpectedAllows} unexpected allows, ${this.unexpectedDenials} unexpected denials`;
  }
}

/** Every project and board row plus the users (profile, blocking): a refused call changes none. */
export async function snapshotAll(db: Db): Promise<Record<string, unknown[]>> {
  return {
    ...(await snapshot(db)),
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
  };
}

/** The shape every refusal has: a localized message and a code. */
export function expectErrorShape(response: { statusCode: number; json(): unknown }): void {
  const body = response.json() as { errors?: unknown[]; code?: unknown };
  expect(body.errors?.[0]).toEqual(expect.any(String));
  expect(body.code).toEqual(expect.any(String));
}

/** The rows plus a HEAD row for every GET row (Fastify answers HEAD on every GET route). */
export function withHeadRows<Row extends { method: string }>(
  rows: readonly Row[],
): (Row | (Row & { method: 'HEAD' }))[] {
  return [
    ...rows,
    ...rows.filter((row) => row.method === 'GET').map((row) => ({ ...row, method: 'HEAD' as const })),
  ];
}

/**
 * The generated matrices (permissions, mass assignment) run whole under `npm run test:matrix`
 * (MATRIX=full) and as a sample in the ordinary suite and CI, which keeps CI's time bounded as
 * routes grow (docs/security.md §1).
 */
export const FULL_MATRIX = process.env.MATRIX === 'full';

/**
 * The sample of a row's actors: one per distinct expected status (so every outcome the row has —
 * allowed, 401, 403, 404… — is tried on every row), the member of each group chosen by the row's
 * index so that successive rows try different actors, plus one more actor rotating the same way.
 */
export function sampleActors<A extends string>(
  actors: readonly A[],
  expectedOf: (actor: A) => number,
  rowIndex: number,
): A[] {
  if (FULL_MATRIX) return [...actors];
  const groups = new Map<number, A[]>();
  for (const actor of actors)
    groups.set(expectedOf(actor), [...(groups.get(expectedOf(actor)) ?? []), actor]);
  const chosen = new Set([...groups.values()].map((group) => group[rowIndex % group.length]!));
  chosen.add(actors[(rowIndex * 7 + 3) % actors.length]!);
  return actors.filter((actor) => chosen.has(actor));
}

/** The sample of a list (fields to inject, foreign actors): `count` items rotating with the row. */
export function sampleRotating<T>(items: readonly T[], count: number, rowIndex: number): T[] {
  if (FULL_MATRIX || items.length <= count) return [...items];
  return Array.from({ length: count }, (_, k) => items[(rowIndex * count + k) % items.length]!);
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../../src/db/database.js';
import { LessonSearch } from '../../../src/features/lessons/search-sync.js';
import { LessonIndex } from '../../../src/features/lessons/search/lesson-index.js';
import { createTestDatabase, isDatabaseAvailable, type TestDatabase } from '../../helpers/database.js';
import { createUser } from '../../helpers/factories.js';

const NOW = '2026-03-01T10:00:00.000Z';

/** `count` published English lessons titled `title n`, written straight to the table. */
async function publishLessons(db: Db, projectId: number, title: string, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, n) => ({
    project_id: projectId,
    author_id: null,
    title: `${title} ${n}`,
    problem: 'Two branches changed the same file the night before the deadline.',
    solution: 'Bring main into every branch each day.',
    language: 'en' as const,
    status: 'published' as const,
    created_at: NOW,
    updated_at: NOW,
    published_at: NOW,
    changed_at: new Date().toISOString(),
  }));
  for (let start = 0; start < rows.length; start += 100)
    await db
      .insertInto('lessons')
      .values(rows.slice(start, start + 100))
      .execute();
}

describe.skipIf(!isDatabaseAvailable)('lesson index catch-up, in steps', () => {
  let database: TestDatabase;
  let projectId: number;

  beforeEach(async () => {
    database = await createTestDatabase();
    const owner = await createUser(database.db, { email: 'ana@uni.example' });
    const project = await database.db
      .insertInto('projects')
      .values({ name: 'Lessons', created_by: owner.id, created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    projectId = project.id;
  });

  afterEach(async () => {
    await database.drop();
  });

  it('lets other callbacks run while it builds the index', async () => {
    await publishLessons(database.db, projectId, 'Merge conflicts lesson', 600);
    const search = new LessonSearch(database.db);
    let turns = 0;
    let building = true;
    const count = () => {
      turns += 1;
      if (building) setImmediate(count);
    };
    setImmediate(count);
    await search.catchUp();
    building = false;
    // At least one turn per page of 250 lessons read.
    expect(turns).toBeGreaterThanOrEqual(3);
    expect((await search.search('merge', { limit: 1 })).total).toBe(600);
  });

  it('answers from the previous index while a rebuild runs, then from the new one', async () => {
    await publishLessons(database.db, projectId, 'Merge conflicts lesson', 300);
    let rebuildStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (rebuildStarted = resolve));
    let indexes = 0;
    const search = new LessonSearch(database.db, () => {
      indexes += 1;
      if (indexes === 3) rebuildStarted();
      return new LessonIndex();
    });
    expect((await search.search('merge', {})).total).toBe(300);
    // More changes than a catch-up applies one by one (an import): the next catch-up rebuilds.
    await publishLessons(database.db, projectId, 'Merge conflicts again', 600);
    let rebuilt = false;
    const catchingUp = search.catchUp().then(() => (rebuilt = true));
    await started;
    const during = await search.search('merge', { limit: 5 });
    expect(rebuilt).toBe(false);
    expect(during.total).toBe(300);
    expect(during.hits.map((hit) => hit.id)).toEqual([1, 2, 3, 4, 5]);
    await catchingUp;
    await nextTurn();
    expect((await search.search('merge', {})).total).toBe(900);
  });
});

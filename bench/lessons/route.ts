import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BenchApp } from '../lib/app-process.js';
import { BenchClient } from '../lib/client.js';
import { slowestAnswerDuring } from './loop-probe.js';
import type { BenchQuery } from './synthetic.js';
import type { SearchableLesson } from './search-module.js';

const ADMIN = { email: 'lessons-bench@uni.example', password: 'lessons bench password' };

type Statement = { run(...values: unknown[]): { lastInsertRowid: number | bigint } };
interface SqliteDatabase {
  prepare(sql: string): Statement;
  transaction(work: () => void): () => void;
  close(): void;
}

/** Writes the lessons straight into the app's SQLite file, published, in one project of the admin. */
export function seedLessons(file: string, lessons: readonly SearchableLesson[]): void {
  const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string) => SqliteDatabase;
  const db = new Database(file);
  const now = new Date().toISOString();
  const lesson = db.prepare(
    `insert into lessons (project_id, author_id, title, problem, solution, language, status, votes,
       created_at, updated_at, published_at, changed_at)
     values (?, ?, ?, ?, ?, ?, 'published', ?, ?, ?, ?, ?)`,
  );
  const tag = db.prepare('insert into lesson_tags (lesson_id, tag, position) values (?, ?, ?)');
  db.transaction(() => {
    for (const item of lessons) {
      const { lastInsertRowid } = lesson.run(
        ...[1, 1, item.title, item.problem, item.solution, item.language, item.votes],
        ...[now, now, item.publishedAt, now],
      );
      item.tags.forEach((name, position) => tag.run(lastInsertRowid, name, position));
    }
  })();
  db.close();
}

function searchPath({ query, options }: BenchQuery): string {
  const params = new URLSearchParams({ q: query, page_size: String(options.limit ?? 10) });
  if (options.language) params.set('language', options.language);
  if (options.tags?.length) params.set('tags', options.tags.join(','));
  if (options.offset) params.set('page', String(1 + Math.floor(options.offset / (options.limit ?? 10))));
  return `/api/lessons/search?${params}`;
}

export interface RouteTimings {
  /** The first search, which waits while the index is built from the database. */
  firstSearchMs: number;
  /** The slowest /api/health/live answer during that build: the server's longest event-loop block. */
  longestBlockMs: number;
  /** Each later search's time. */
  timings: number[];
}

/**
 * GET /api/lessons/search on the built app (SQLite) holding `lessons`: sign-in check, validation, the
 * index's catch-up reads, one page of rows, highlights and JSON, over HTTP.
 */
export async function timeSearchRoute(
  lessons: readonly SearchableLesson[],
  queries: readonly BenchQuery[],
  warmUp: number,
): Promise<RouteTimings> {
  const app = new BenchApp(Number(process.env.BENCH_PORT ?? 4391));
  app.createAdmin(ADMIN.email, ADMIN.password);
  await app.start();
  try {
    const client = new BenchClient(app.url);
    await client.signIn(ADMIN.email, ADMIN.password);
    await client.call('POST', '/api/projects', { name: 'Lessons bench' });
    seedLessons(join(app.dataDir, 'teamboard.sqlite'), lessons);
    const firstStarted = performance.now();
    // The first lessons request starts the index's build (lessons.feature.ts); it waits for it.
    const { slowestMs: longestBlockMs } = await slowestAnswerDuring(`${app.url}/api/health/live`, () =>
      client.call('GET', '/api/lessons/search?q=merge'),
    );
    const firstSearchMs = performance.now() - firstStarted;
    const timings: number[] = [];
    for (const [position, query] of queries.entries()) {
      const started = performance.now();
      await client.call('GET', searchPath(query));
      if (position >= warmUp) timings.push(performance.now() - started);
    }
    return { firstSearchMs, longestBlockMs, timings };
  } finally {
    await app.stop();
  }
}

/**
 * tsx bench/generator/cli.ts --seed 42 [--scale small|full] [--data-dir DIR] [--replace]
 * Generates a course into DIR/teamboard.sqlite (the file the app opens with DATA_DIR=DIR), or into
 * the PostgreSQL database of DATABASE_URL when set; prints the summary and how long it took.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateCourse } from './generate-course.js';
import { SCALES, type ScaleName } from './scale.js';
import { createDatabase, migrateToLatest, type DatabaseConfig } from './server.js';

function usage(problem: string): never {
  console.error(
    `${problem}\nUsage: tsx bench/generator/cli.ts --seed N [--scale small|full] [--data-dir DIR] [--replace]`,
  );
  process.exit(2);
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      scale: { type: 'string', default: 'full' },
      'data-dir': { type: 'string', default: './data-bench' },
      replace: { type: 'boolean', default: false },
    },
  });
  const seed = Number(values.seed);
  if (values.seed === undefined || !Number.isInteger(seed)) usage('--seed must be an integer.');
  if (!(values.scale in SCALES)) usage(`--scale must be one of: ${Object.keys(SCALES).join(', ')}.`);
  return { seed, scale: values.scale as ScaleName, dataDir: values['data-dir'], replace: values.replace };
}

/** PostgreSQL when DATABASE_URL is set (the app's rule), else a SQLite file the app would open. */
function databaseConfig(dataDir: string, replace: boolean): DatabaseConfig {
  const url = process.env.DATABASE_URL;
  if (url) return { dialect: 'postgres', url };
  const file = path.resolve(dataDir, 'teamboard.sqlite');
  if (existsSync(file)) {
    if (!replace) usage(`${file} exists; pass --replace to generate a new course in its place.`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
  mkdirSync(path.dirname(file), { recursive: true });
  return { dialect: 'sqlite', file };
}

async function main(): Promise<void> {
  const options = readOptions();
  const config = databaseConfig(options.dataDir, options.replace);
  const { db } = createDatabase(config);
  try {
    const startedAt = performance.now();
    await migrateToLatest(db);
    const summary = await generateCourse(db, { seed: options.seed, scale: SCALES[options.scale] });
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    console.log(JSON.stringify(summary, null, 2));
    const where = config.dialect === 'sqlite' ? config.file : 'DATABASE_URL';
    console.log(
      `Generated the ${options.scale} course (seed ${options.seed}) into ${where} in ${seconds} s.`,
    );
  } finally {
    await db.destroy();
  }
}

await main();

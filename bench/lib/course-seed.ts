import { sql } from 'kysely';
import { join } from 'node:path';
import {
  generateCourse,
  SCALES,
  studentEmail,
  type CourseScale,
  type ScaleName,
} from '../generator/index.js';
import { createDatabase, migrateToLatest, type DatabaseConfig } from '../generator/server.js';
import { createScratchDatabase, type ScratchDatabase } from './services.js';

/** What the API benchmark drives: the big board's ids and the accounts that may use it. */
export interface SeededCourse {
  password: string;
  /** Team 1's project (the big board's). */
  projectId: number;
  /** Every team's project and its owner (the team's first student), in team order. */
  projects: { projectId: number; ownerEmail: string }[];
  /** Every student of the course (sign-in rotates through them). */
  studentEmails: string[];
  counts: { tasks: number; hours: number; users: number; standups: number };
  bigBoard: { id: number; taskIds: number[]; columnIds: number[] };
}

export interface Seeded {
  dialect: 'sqlite' | 'postgres';
  /** Environment for the app: DATABASE_URL when the course lives in PostgreSQL. */
  env: Record<string, string>;
  course: SeededCourse;
  dispose(): Promise<void>;
}

/**
 * Generates the course (seed 42; a named scale or a bench's own) where the built app will find it: the SQLite file of `dataDir`,
 * or a scratch PostgreSQL database when `postgresUrl` is given (dropped by `dispose`).
 */
export async function seedCourse(
  dataDir: string,
  options: { scale: ScaleName | CourseScale; postgresUrl?: string },
): Promise<Seeded> {
  const scratch: ScratchDatabase | null = options.postgresUrl
    ? await createScratchDatabase(options.postgresUrl)
    : null;
  const config: DatabaseConfig = scratch
    ? { dialect: 'postgres', url: scratch.url }
    : { dialect: 'sqlite', file: join(dataDir, 'teamboard.sqlite') };
  const { db } = createDatabase(config);
  try {
    await migrateToLatest(db);
    const started = performance.now();
    const scaleName = typeof options.scale === 'string' ? options.scale : 'custom';
    const summary = await generateCourse(db, {
      seed: 42,
      scale: typeof options.scale === 'string' ? SCALES[options.scale] : options.scale,
    });
    // A bulk load leaves PostgreSQL without planner statistics until autovacuum's next pass; a
    // running server would have them, so measure with them.
    if (config.dialect === 'postgres') await sql`analyze`.execute(db);
    console.log(
      `generated the ${scaleName} course in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const taskIds = await db
      .selectFrom('tasks')
      .select('id')
      .where('board_id', '=', summary.bigBoard.id)
      .where('is_archived', '=', 0)
      .orderBy('id')
      .execute();
    const { scale } = summary;
    const studentEmails = Array.from({ length: scale.teams * scale.studentsPerTeam }, (_, index) =>
      studentEmail(Math.floor(index / scale.studentsPerTeam) + 1, (index % scale.studentsPerTeam) + 1),
    );
    return {
      dialect: config.dialect,
      env: scratch ? { DATABASE_URL: scratch.url } : {},
      course: {
        password: summary.password,
        projectId: summary.bigBoard.projectId,
        projects: summary.projects.map(({ projectId, ownerEmail }) => ({ projectId, ownerEmail })),
        studentEmails,
        counts: {
          tasks: summary.counts.tasks,
          hours: summary.counts.hours,
          users: summary.counts.users,
          standups: summary.counts.standups,
        },
        bigBoard: {
          id: summary.bigBoard.id,
          taskIds: taskIds.map((row) => row.id),
          columnIds: summary.bigBoard.columns.map((column) => column.id),
        },
      },
      dispose: async () => {
        await scratch?.drop();
      },
    };
  } finally {
    await db.destroy();
  }
}

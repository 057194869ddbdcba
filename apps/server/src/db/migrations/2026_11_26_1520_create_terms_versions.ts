import type { Kysely } from 'kysely';
import { addIdColumn, TIMESTAMP } from '../dialect.js';

/**
 * Versioned terms and conditions (docs/api-terms.md). `terms_versions` holds every published version
 * (version 1, 2, 3…, en and es Markdown) and at most one draft (version and published_at null).
 * `users.terms_version` is the version each account last accepted (at `users.terms_accepted_at`).
 *
 * Version 1 is seeded here with the sign-up text every existing account accepted when it signed up
 * (the auth catalog's register.terms_text, copied so later catalog edits cannot change it), and every
 * existing account counts as having accepted it: the column's default is 1 (docs/decisions.md).
 */
export const VERSION_1_EN =
  'TeamBoard is a learning tool for student teams and their teaching staff. Use it for course work only, keep your password private, and respect the work of your teammates. Your teaching staff can see the projects of your course. Your data is used only to run the course and is never sold.';
export const VERSION_1_ES =
  'TeamBoard es una herramienta de aprendizaje para equipos de estudiantes y su equipo docente. Úsala solo para el trabajo del curso, mantén tu contraseña en privado y respeta el trabajo de tus compañeros. El equipo docente puede ver los proyectos de tu curso. Tus datos se usan solo para el funcionamiento del curso y nunca se venden.';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('terms_versions'))
    .addColumn('version', 'integer')
    .addColumn('body_en', 'text', (col) => col.notNull())
    .addColumn('body_es', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull())
    .addColumn('published_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('published_at', TIMESTAMP)
    .execute();
  // One row per published version (NULLs — the draft — are distinct on both dialects).
  await db.schema
    .createIndex('terms_versions_version_unique')
    .on('terms_versions')
    .column('version')
    .unique()
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('terms_version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  const now = new Date().toISOString();
  await (db as Kysely<{ terms_versions: Record<string, unknown> }>)
    .insertInto('terms_versions')
    .values({
      version: 1,
      body_en: VERSION_1_EN,
      body_es: VERSION_1_ES,
      updated_by: null,
      updated_at: now,
      published_by: null,
      published_at: now,
    })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('terms_version').execute();
  await db.schema.dropTable('terms_versions').execute();
}

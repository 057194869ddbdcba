import type { ChangeStamps } from '../../lib/change-stamps.js';
import type { TermsDraft, TermsVersion } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { updateUser } from '../../users/users.js';

const VERSION_COLUMNS = [
  'terms_versions.version',
  'terms_versions.body_en',
  'terms_versions.body_es',
  'terms_versions.published_at',
  'terms_versions.published_by',
  'users.name as publisher_name',
] as const;

interface VersionRecord {
  version: number | null;
  body_en: string;
  body_es: string;
  published_at: string | null;
  published_by: number | null;
  publisher_name: string | null;
}

function toVersion(row: VersionRecord): TermsVersion {
  return {
    version: row.version!,
    body_en: row.body_en,
    body_es: row.body_es,
    published_at: row.published_at!,
    published_by:
      row.published_by !== null && row.publisher_name !== null
        ? { id: row.published_by, name: row.publisher_name }
        : null,
  };
}

function publishedVersions(db: Db) {
  return db
    .selectFrom('terms_versions')
    .leftJoin('users', 'users.id', 'terms_versions.published_by')
    .select(VERSION_COLUMNS)
    .where('terms_versions.version', 'is not', null);
}

/** The number of the version in force, or null before any is published. */
export async function currentVersionNumber(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('terms_versions')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  return row?.version === null || row?.version === undefined ? null : Number(row.version);
}

export async function findCurrentVersion(db: Db): Promise<TermsVersion | null> {
  const row = await publishedVersions(db)
    .orderBy('terms_versions.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toVersion(row) : null;
}

export async function listVersions(db: Db): Promise<TermsVersion[]> {
  const rows = await publishedVersions(db).orderBy('terms_versions.version', 'desc').execute();
  return rows.map(toVersion);
}

export async function findDraft(db: Db): Promise<(TermsDraft & { id: number }) | null> {
  const row = await db
    .selectFrom('terms_versions')
    .leftJoin('users', 'users.id', 'terms_versions.updated_by')
    .select([
      'terms_versions.id',
      'terms_versions.body_en',
      'terms_versions.body_es',
      'terms_versions.updated_at',
      'terms_versions.updated_by',
      'users.name as editor_name',
    ])
    .where('terms_versions.version', 'is', null)
    .orderBy('terms_versions.id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    body_en: row.body_en,
    body_es: row.body_es,
    updated_at: row.updated_at,
    updated_by:
      row.updated_by !== null && row.editor_name !== null
        ? { id: row.updated_by, name: row.editor_name }
        : null,
  };
}

export async function insertDraft(
  db: Db,
  draft: { body_en: string; body_es: string; updated_by: number; updated_at: string },
): Promise<void> {
  await db
    .insertInto('terms_versions')
    .values({ ...draft, version: null, published_by: null, published_at: null })
    .execute();
}

export async function updateDraft(
  db: Db,
  id: number,
  draft: { body_en: string; body_es: string; updated_by: number; updated_at: string },
): Promise<void> {
  await db
    .updateTable('terms_versions')
    .set(draft)
    .where('id', '=', id)
    .where('version', 'is', null)
    .execute();
}

export async function deleteDrafts(db: Db): Promise<number> {
  const result = await db.deleteFrom('terms_versions').where('version', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Turns the draft into `version`; false when another request published (or discarded) it first. */
export async function publishDraft(
  db: Db,
  id: number,
  published: { version: number; published_by: number; published_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('terms_versions')
    .set(published)
    .where('id', '=', id)
    .where('version', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findVersion(db: Db, version: number): Promise<TermsVersion | null> {
  const row = await publishedVersions(db).where('terms_versions.version', '=', version).executeTakeFirst();
  return row ? toVersion(row) : null;
}

/**
 * Records that the user accepted `version` at `at`, through users/ (which owns the row): updateUser
 * announces the change, and the gate reads terms_version from the remembered session.
 */
export async function recordAcceptance(
  db: Db,
  stamps: ChangeStamps,
  userId: number,
  version: number,
  at: string,
): Promise<void> {
  await updateUser(db, stamps, userId, { terms_version: version, terms_accepted_at: at });
}

import type { Generated, Selectable } from 'kysely';

/**
 * A published version of the terms (version and published_at set) or the one draft (both null).
 * Timestamps are ISO-8601 UTC strings (db/dialect.ts).
 */
export interface TermsVersionsTable {
  id: Generated<number>;
  version: number | null;
  body_en: string;
  body_es: string;
  updated_by: number | null;
  updated_at: string;
  published_by: number | null;
  published_at: string | null;
}

export type TermsVersionRow = Selectable<TermsVersionsTable>;

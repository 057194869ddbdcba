import type { AccountType, Language } from '@teamboard/contract';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are ISO-8601 UTC strings and booleans 0/1 on both dialects (see db/dialect.ts). */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  account_type: AccountType;
  max_projects: number | null;
  language: Language;
  image_key: string | null;
  gitname: string | null;
  labname: string | null;
  slack_id: string | null;
  year: number | null;
  semester: string | null;
  section: string | null;
  group: string | null;
  provider: Generated<string>;
  watched_tutorial: Generated<number>;
  confirmed_at: string | null;
  blocked_at: string | null;
  terms_accepted_at: string | null;
  /** The terms version last accepted (at terms_accepted_at); 1 by default (features/terms). */
  terms_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

import type { Generated, Selectable } from 'kysely';

/** An account's link to a provider's subject (issuer + sub, unique). */
export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  issuer: string;
  subject: string;
  /** The verified email the provider gave when the link was made or last used. */
  email: string;
  created_at: string;
  last_sign_in_at: string;
}

/**
 * A one-time code from the callback to the web app. `user_id` null: a new person who has to accept
 * the terms before the account is created from `email` and `name`.
 */
export interface OidcHandoffsTable {
  id: Generated<number>;
  code_hash: string;
  user_id: number | null;
  issuer: string;
  subject: string;
  email: string;
  name: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type UserIdentityRow = Selectable<UserIdentitiesTable>;
export type OidcHandoffRow = Selectable<OidcHandoffsTable>;

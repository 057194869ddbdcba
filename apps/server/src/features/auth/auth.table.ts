import type { Generated, Selectable } from 'kysely';

/** One row per signed-in device (`client`). */
export interface AuthSessionsTable {
  id: Generated<number>;
  user_id: number;
  client: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  last_used_at: string;
}

export type TokenPurpose = 'confirm' | 'reset';

/** Single-use emailed tokens. */
export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: TokenPurpose;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type SessionRow = Selectable<AuthSessionsTable>;

import type { Generated } from 'kysely';

export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  /** Method, route and body of the first request: a key reused for another request is refused. */
  request_hash: string;
  /** null while the first request runs. */
  status: number | null;
  body: string | null;
  created_at: string;
}

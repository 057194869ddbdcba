import type { FastifyInstance } from 'fastify';
import type { Language } from '@teamboard/contract';
import type { Db } from '../../src/db/database.js';
import { insertUser, type UserRow } from '../../src/users/users.js';
import { hash } from '@node-rs/argon2';

export const PASSWORD = 'correct horse battery';

let sequence = 0;

/**
 * Seeded accounts' password hashes: argon2id with its cheapest parameters, one hash per password per
 * process. Signing in verifies with the parameters stored in the hash, so a seeded account's sign-in
 * runs the real check in ~2 ms of CPU where the production parameters take ~27 ms; thousands of
 * seeded sign-ins made that a large share of CI's CPU (docs/toolchain.md, "CI time"). Sign-up,
 * password changes and the CLI still hash with the production parameters, and their tests check them.
 */
const seededHashes = new Map<string, Promise<string>>();
function seededHash(password: string): Promise<string> {
  let stored = seededHashes.get(password);
  if (!stored) {
    stored = hash(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
    seededHashes.set(password, stored);
  }
  return stored;
}

export interface UserOptions {
  email?: string;
  name?: string;
  password?: string;
  isConfirmed?: boolean;
  isBlocked?: boolean;
  language?: Language;
}

export async function createUser(db: Db, options: UserOptions = {}): Promise<UserRow> {
  sequence += 1;
  const now = new Date('2026-11-01T00:00:00.000Z').toISOString();
  return insertUser(db, {
    email: options.email ?? `student${sequence}@uni.example`,
    name: options.name ?? `Student ${sequence}`,
    password_hash: await seededHash(options.password ?? PASSWORD),
    account_type: 'user',
    max_projects: 5,
    language: options.language ?? 'en',
    confirmed_at: options.isConfirmed === false ? null : now,
    blocked_at: options.isBlocked ? now : null,
    terms_accepted_at: now,
    created_at: now,
    updated_at: now,
  });
}

export type TokenHeaders = Record<'access-token' | 'client' | 'uid' | 'expiry', string>;

/** Signs in through the API and answers the token headers to send on later calls. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<TokenHeaders> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign_in',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const header = (name: string) => String(response.headers[name]);
  return {
    'access-token': header('access-token'),
    client: header('client'),
    uid: header('uid'),
    expiry: header('expiry'),
  };
}

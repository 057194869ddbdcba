import { loadOnFirstUse } from './load-on-first-use.js';

// Loaded on first use: the native module costs ~14 MB of memory that an idle server does not need.
const loadArgon2 = loadOnFirstUse(() => import('@node-rs/argon2'));

// @node-rs/argon2 defaults to argon2id (its Algorithm enum is a const enum, unusable with isolatedModules).
export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password);
}

/**
 * The stored hash of an account without a password (one made through OpenID Connect, or one a
 * verified owner took back from whoever signed up with the address): no password matches it, and the
 * owner sets one through "forgot password".
 */
export const NO_PASSWORD = '';

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // The same time as a real check, so an account without a password cannot be told by timing.
  if (passwordHash === NO_PASSWORD) return verifyAgainstDummy(password);
  try {
    return await (await loadArgon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so unknown emails cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('timing-equalizer-password');
  await verifyPassword(await dummyHash, password);
  return false;
}

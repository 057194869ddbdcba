import { hash } from '@node-rs/argon2';
import { COURSE_PASSWORD } from './identities.js';
import { Random } from './random.js';
import { hashPassword, verifyPassword } from './server.js';

/** `$argon2id$v=19$m=19456,t=2,p=1$` — algorithm, version and costs, without salt and hash. */
function phcParameters(phc: string): string {
  return phc.split('$').slice(0, 4).join('$');
}

function costsOf(phc: string): { memoryCost: number; timeCost: number; parallelism: number } {
  const costs = Object.fromEntries(
    (phc.split('$')[3] ?? '').split(',').map((pair) => pair.split('=') as [string, string]),
  );
  return { memoryCost: Number(costs.m), timeCost: Number(costs.t), parallelism: Number(costs.p) };
}

/**
 * One argon2 hash of COURSE_PASSWORD shared by every generated account (hashing 200 times would
 * cost seconds). The app's hasher salts at random, which would make two runs differ, so it makes a
 * reference hash whose algorithm and costs are reused here with a salt drawn from the seed. Checked
 * against the reference's form and with the app's own verifier.
 */
export async function coursePasswordHash(seed: number): Promise<string> {
  const reference = await hashPassword(COURSE_PASSWORD);
  const salt = Buffer.from(new Random(seed ^ 0x5a17).hex(32), 'hex');
  const seeded = await hash(COURSE_PASSWORD, { ...costsOf(reference), salt });
  const isSameForm = phcParameters(seeded) === phcParameters(reference) && seeded.length === reference.length;
  if (!isSameForm || !(await verifyPassword(seeded, COURSE_PASSWORD))) {
    throw new Error(
      `The app's password hash changed form (${phcParameters(reference)}); update password.ts.`,
    );
  }
  return seeded;
}

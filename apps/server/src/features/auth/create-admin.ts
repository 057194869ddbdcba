import type { ChangeStamps } from '../../lib/change-stamps.js';
import { EmailSchema, NameSchema, PasswordSchema } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { auditEntry, type AuditEntry } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { plainLine } from '../../lib/mailer.js';
import { hashPassword } from '../../lib/passwords.js';
import { randomToken } from '../../lib/tokens.js';
import * as users from '../../users/users.js';

export interface CreateAdminInput {
  email: string;
  name: string;
  password?: string;
}

export interface CreateAdminResult {
  isNew: boolean;
  userId: number;
  /** Set only when the password was generated here and must be shown once. */
  generatedPassword?: string;
}

export class InvalidAdminInput extends Error {}

/** Creates a confirmed admin, or promotes (and confirms) an existing account keeping its password. */
/** `stamps`: the change stamps of the app whose memories must forget the account (the CLI has its own). */
export async function createAdmin(
  db: Db,
  stamps: ChangeStamps,
  clock: Clock,
  input: CreateAdminInput,
): Promise<CreateAdminResult> {
  const email = parseOrThrow(EmailSchema, input.email, 'email');
  const now = clock.now().toISOString();
  const existing = await users.findUserByEmail(db, email);
  if (existing) {
    if (input.password !== undefined) parseOrThrow(PasswordSchema, input.password, 'password');
    const passwordChange = input.password ? { password_hash: await hashPassword(input.password) } : {};
    await users.updateUser(db, stamps, existing.id, {
      account_type: 'admin',
      max_projects: null,
      confirmed_at: existing.confirmed_at ?? now,
      updated_at: now,
      ...passwordChange,
    });
    return { isNew: false, userId: existing.id };
  }
  // Stored as one plain line, like every name (auth.service.ts storedUserName).
  const name = plainLine(parseOrThrow(NameSchema, input.name, 'name'));
  if (!name) throw new InvalidAdminInput('The name is not valid.');
  const generatedPassword = input.password === undefined ? randomToken(15) : undefined;
  const password = parseOrThrow(PasswordSchema, input.password ?? generatedPassword, 'password');
  const user = await users.insertUser(db, {
    email,
    name,
    password_hash: await hashPassword(password),
    account_type: 'admin',
    max_projects: null,
    language: 'en',
    confirmed_at: now,
    created_at: now,
    updated_at: now,
  });
  return { isNew: true, userId: user.id, ...(generatedPassword ? { generatedPassword } : {}) };
}

function parseOrThrow<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
  field: string,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidAdminInput(`The ${field} is not valid.`);
  return result.data;
}

/** The audit line of a create-admin run (an admin action outside any request). */
export function adminAuditEntry(result: CreateAdminResult, email: string, at: Date): AuditEntry {
  return auditEntry(
    result.isNew ? 'admin.created' : 'admin.promoted',
    { user_id: result.userId, ip: 'local', route: 'cli create-admin', request_id: null },
    at,
    { email: email.toLowerCase() },
  );
}

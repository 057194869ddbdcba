import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../src/users/users.js';
import { adminAuditEntry, createAdmin, InvalidAdminInput } from '../src/features/auth/create-admin.js';
import { ManualClock } from '../src/lib/clock.js';
import { verifyPassword } from '../src/lib/passwords.js';
import { createTestDatabase, isDatabaseAvailable, type TestDatabase } from './helpers/database.js';
import { createUser } from './helpers/factories.js';

describe.skipIf(!isDatabaseAvailable)('create-admin', () => {
  let database: TestDatabase;
  const clock = new ManualClock(new Date('2026-11-22T10:00:00.000Z'));
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.drop());

  it('creates a confirmed admin with unlimited projects and the given password', async () => {
    const result = await createAdmin(database.db, database.appDatabase.stamps, clock, {
      email: 'Ada@Uni.Example',
      name: 'Ada',
      password: 'admin password 1',
    });
    expect(result).toMatchObject({ isNew: true });
    expect(result.generatedPassword).toBeUndefined();
    const admin = await findUserByEmail(database.db, 'ada@uni.example');
    expect(admin).toMatchObject({
      account_type: 'admin',
      max_projects: null,
      confirmed_at: '2026-11-22T10:00:00.000Z',
      name: 'Ada',
    });
    expect(await verifyPassword(admin!.password_hash, 'admin password 1')).toBe(true);
  });

  it('generates and returns a password when none is given', async () => {
    const result = await createAdmin(database.db, database.appDatabase.stamps, clock, {
      email: 'gen@uni.example',
      name: 'Gen',
    });
    expect(result.generatedPassword).toMatch(/^[\w-]{20}$/);
    const admin = await findUserByEmail(database.db, 'gen@uni.example');
    expect(await verifyPassword(admin!.password_hash, result.generatedPassword!)).toBe(true);
  });

  it('promotes and confirms an existing account, keeping its password', async () => {
    const user = await createUser(database.db, { email: 'teacher@uni.example', isConfirmed: false });
    const result = await createAdmin(database.db, database.appDatabase.stamps, clock, {
      email: 'teacher@uni.example',
      name: 'Ignored',
    });
    expect(result).toEqual({ isNew: false, userId: user.id });
    const promoted = await findUserByEmail(database.db, 'teacher@uni.example');
    expect(promoted).toMatchObject({
      account_type: 'admin',
      max_projects: null,
      password_hash: user.password_hash,
    });
    expect(promoted?.confirmed_at).not.toBeNull();
  });

  it('writes an audit entry for the admin action', async () => {
    const created = await createAdmin(database.db, database.appDatabase.stamps, clock, {
      email: 'Ada@Uni.Example',
      name: 'Ada',
    });
    expect(adminAuditEntry(created, 'Ada@Uni.Example', clock.now())).toEqual({
      event: 'admin.created',
      at: '2026-11-22T10:00:00.000Z',
      user_id: created.userId,
      ip: 'local',
      route: 'cli create-admin',
      request_id: null,
      email: 'ada@uni.example',
    });
    const again = await createAdmin(database.db, database.appDatabase.stamps, clock, {
      email: 'ada@uni.example',
      name: 'Ada',
    });
    expect(adminAuditEntry(again, 'ada@uni.example', clock.now()).event).toBe('admin.promoted');
  });

  it('refuses a malformed email or a short password', async () => {
    await expect(
      createAdmin(database.db, database.appDatabase.stamps, clock, { email: 'nope', name: 'X' }),
    ).rejects.toBeInstanceOf(InvalidAdminInput);
    await expect(
      createAdmin(database.db, database.appDatabase.stamps, clock, {
        email: 'x@uni.example',
        name: 'X',
        password: 'short',
      }),
    ).rejects.toBeInstanceOf(InvalidAdminInput);
  });
});

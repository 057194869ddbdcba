import type { AppDatabase } from '../../db/app-database.js';
import type { UpdateProfileInput } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { updateUser, type UserRow, type UserUpdate } from '../../users/users.js';
import { storedUserName } from '../auth/auth.service.js';

/** What a password change needs from sign-in: the other devices signed out, mailed reset links dead. */
export interface OtherSessions {
  endOtherSessions(userId: number, keepClient: string): Promise<void>;
  retireResetLinks(userId: number): Promise<void>;
}

export interface ProfileDeps {
  database: AppDatabase;
  db: Db;
  clock: Clock;
  sessions: OtherSessions;
}

/** The signed-in user's own details and password (the photo is AvatarService). */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  async update(user: UserRow, input: UpdateProfileInput, currentClient: string): Promise<UserRow> {
    const {
      current_password,
      password,
      password_confirmation: _confirmation,
      watched_tutorial,
      name,
      ...fields
    } = input;
    const changes: UserUpdate = { ...fields, updated_at: this.deps.clock.now().toISOString() };
    if (name !== undefined) changes.name = storedUserName(name);
    if (watched_tutorial !== undefined) changes.watched_tutorial = watched_tutorial ? 1 : 0;
    if (password !== undefined) {
      const isCurrentRight =
        current_password !== undefined && (await verifyPassword(user.password_hash, current_password));
      if (!isCurrentRight) throw new AppError('CURRENT_PASSWORD_WRONG');
      changes.password_hash = await hashPassword(password);
    }
    const updated = await updateUser(this.deps.db, this.deps.database.stamps, user.id, changes);
    if (password !== undefined) {
      // A reset link mailed earlier (perhaps to someone who read the mailbox) must not undo the change.
      await this.deps.sessions.retireResetLinks(user.id);
      // A new password signs out every other device; this one stays signed in.
      await this.deps.sessions.endOtherSessions(user.id, currentClient);
    }
    return updated;
  }
}

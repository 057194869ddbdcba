import type { User } from '@teamboard/contract';
import type { UserRow } from './users.table.js';

export type { NewUserRow, UserRow, UserUpdate, UsersTable } from './users.table.js';
export {
  findUserByEmail,
  findUserById,
  insertUser,
  updateUnconfirmedUser,
  updateUser,
  userChanged,
} from './users.repository.js';

/** Where a stored profile photo is served (its key is the unguessable credential). */
export const AVATAR_URL_PREFIX = '/api/files/avatars/';

/** The public address of a profile photo, or null without one. */
export function avatarUrl(imageKey: string | null): string | null {
  return imageKey ? AVATAR_URL_PREFIX + imageKey : null;
}

/** The API view of a stored user. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    account_type: row.account_type,
    max_projects: row.max_projects,
    image: avatarUrl(row.image_key),
    language: row.language,
    gitname: row.gitname,
    labname: row.labname,
    slack_id: row.slack_id,
    year: row.year,
    semester: row.semester,
    section: row.section,
    group: row.group,
    provider: row.provider,
    watched_tutorial: row.watched_tutorial === 1,
  };
}

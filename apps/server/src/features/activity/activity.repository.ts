import type { Db } from '../../db/database.js';
import type { ActivityRow, NewActivityRow } from './activity.table.js';

export async function insertActivity(db: Db, row: NewActivityRow): Promise<void> {
  await db.insertInto('activities').values(row).execute();
}

/**
 * The feed of a user, newest first: events of the projects they belong to, plus events about them.
 * `beforeId` is the keyset cursor (the last id of the previous page).
 */
export function listFeed(db: Db, userId: number, limit: number, beforeId?: number): Promise<ActivityRow[]> {
  let query = db
    .selectFrom('activities')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(
          'project_id',
          'in',
          eb.selectFrom('project_members').select('project_members.project_id').where('user_id', '=', userId),
        ),
        eb('subject_user_id', '=', userId),
      ]),
    );
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

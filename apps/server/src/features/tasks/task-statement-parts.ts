import { sql, type RawBuilder } from 'kysely';
import type { UserRow } from '../../users/users.js';

/**
 * WITH parts shared by the pipelined task writes (task-writes-pipelined.ts, task-move-pipelined.ts):
 * each names the data-modifying part before it (`written`) whose rows it follows.
 */
type Written = 'created' | 'updated' | 'moved';

/** Logs `entries` (field, old value, new value) for each row of `written`, as `user` at `now`. */
export function logged(
  user: Pick<UserRow, 'id' | 'name'>,
  now: string,
  entries: RawBuilder<unknown>,
  written: Written,
) {
  return sql`logged as (
    insert into task_logs (task_id, field, old_value, new_value, user_id, user_name, created_at)
    select ${sql.table(written)}.id, entry.field, entry.old_value, entry.new_value, ${user.id}, ${user.name}, ${now}
    from ${sql.table(written)} cross join lateral (${entries}) as entry(field, old_value, new_value)
  )`;
}

/** Bumps the version of the board of `written`'s task (the last lock taken). */
export function bumped(written: Written) {
  return sql`bumped as (
    update boards set version = version + 1 where id in (select board_id from ${sql.table(written)})
    returning version
  )`;
}

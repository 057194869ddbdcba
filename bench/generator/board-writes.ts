import { sql } from 'kysely';
import type { Db } from './server.js';

/**
 * Per board: its version, and the writes the app bumps it for — each column created, each task
 * write (one timestamp of its log), each hour entry, comment and checklist item, and each item ticked.
 */
export async function boardWriteCounts(db: Db): Promise<{ id: number; version: number; writes: number }[]> {
  const { rows } = await sql<{ id: number; version: number; writes: number | string }>`
    select b.id, b.version,
      (select count(*) from columns c where c.board_id = b.id)
      + (select count(*) from (select distinct l.task_id, l.created_at from task_logs l
          join tasks t on t.id = l.task_id where t.board_id = b.id) w)
      + (select count(*) from hours h join tasks t on t.id = h.task_id where t.board_id = b.id)
      + (select count(*) from comments c join tasks t on t.id = c.task_id where t.board_id = b.id)
      + (select count(*) from checklist_items i join tasks t on t.id = i.task_id where t.board_id = b.id)
      + (select count(*) from checklist_items i join tasks t on t.id = i.task_id
          where t.board_id = b.id and i.status = 'done') as writes
    from boards b order by b.id`.execute(db);
  return rows.map((row) => ({ id: row.id, version: row.version, writes: Number(row.writes) }));
}

import { sql, type RawBuilder } from 'kysely';
import { isSqlite, type Db } from './server.js';

/**
 * Invariants the app keeps, as queries that list the rows breaking them (empty: it holds). Portable
 * SQL: they run on both dialects.
 */
function invariantQueries(now: string): Record<string, RawBuilder<unknown>> {
  return {
    'task column on another board': sql`select t.id from tasks t join columns c on c.id = t.column_id where c.board_id <> t.board_id`,
    'task board in another project': sql`select t.id from tasks t join boards b on b.id = t.board_id where b.project_id <> t.project_id`,
    'hour not by a member who may report': sql`select h.id from hours h join tasks t on t.id = h.task_id
      left join project_members m on m.project_id = t.project_id and m.user_id = h.user_id
      where h.project_id <> t.project_id or m.id is null or m.role = 'viewer'`,
    'comment not by a member who may comment': sql`select c.id from comments c join tasks t on t.id = c.task_id
      left join project_members m on m.project_id = t.project_id and m.user_id = c.user_id
      where m.id is null or m.role = 'viewer'`,
    'assignee not a member': sql`select a.task_id from task_assignees a join tasks t on t.id = a.task_id
      left join project_members m on m.project_id = t.project_id and m.user_id = a.user_id where m.id is null`,
    'total_hours not the sum of hours': sql`select t.id from tasks t
      left join (select task_id, sum(hours) as total from hours group by task_id) s on s.task_id = t.id
      where abs(t.total_hours - coalesce(s.total, 0)) > 0.001`,
    'user without exactly one default folder': sql`select u.id from users u
      left join folders f on f.user_id = u.id and f.is_default = 1 group by u.id having count(f.id) <> 1`,
    "placement in another user's folder": sql`select m.id from project_members m join folders f on f.id = m.folder_id where f.user_id <> m.user_id`,
    'two placements with one sort order': sql`select user_id, folder_id, sort_order from project_members
      group by user_id, folder_id, sort_order having count(*) > 1`,
    'two tasks at one position of a column': sql`select column_id, position from tasks group by column_id, position having count(*) > 1`,
    'task label of another project': sql`select tl.task_id from task_labels tl join labels l on l.id = tl.label_id
      join tasks t on t.id = tl.task_id where l.project_id <> t.project_id`,
    'board label of another project': sql`select bl.board_id from board_labels bl join labels l on l.id = bl.label_id
      join boards b on b.id = bl.board_id where l.project_id <> b.project_id`,
    'task milestone of another project': sql`select t.id from tasks t join milestones m on m.id = t.milestone_id where m.project_id <> t.project_id`,
    'project without an owner': sql`select p.id from projects p
      left join project_members m on m.project_id = p.id and m.role = 'owner' group by p.id having count(m.id) = 0`,
    "task whose first log is not 'created'": sql`select t.id from tasks t where not exists (select 1 from task_logs l
      where l.task_id = t.id and l.field = 'created' and l.id = (select min(id) from task_logs f where f.task_id = t.id))`,
    'task log ids out of time order': sql`select l.id from task_logs l join task_logs e on e.task_id = l.task_id
      and e.id < l.id and e.created_at > l.created_at`,
    'completed flag without completed_at': sql`select id from tasks where (completed = 1 and completed_at is null)
      or (completed = 0 and completed_at is not null)`,
    'pending invitation to a member': sql`select i.id from project_invitations i join users u on u.email = i.email
      join project_members m on m.project_id = i.project_id and m.user_id = u.id`,
    'stand-up not by an owner or member, or before they joined': sql`select s.id from standups s
      left join project_members m on m.project_id = s.project_id and m.user_id = s.user_id
      where m.id is null or m.role = 'viewer' or s.created_at < m.joined_at`,
    'stand-up day not the day it was written (UTC)': sql`select id from standups where substr(created_at, 1, 10) <> day`,
    'evaluation member not in its project': sql`select em.evaluation_id from evaluation_members em
      join evaluations e on e.id = em.evaluation_id
      left join project_members m on m.project_id = e.project_id and m.user_id = em.user_id where m.id is null`,
    'evaluation answer by or about someone not selected, or about the rater': sql`select a.id from evaluation_answers a
      join evaluation_responses r on r.id = a.response_id
      left join evaluation_members rm on rm.evaluation_id = r.evaluation_id and rm.user_id = r.respondent_id
      left join evaluation_members sm on sm.evaluation_id = r.evaluation_id and sm.user_id = a.subject_id
      where rm.user_id is null or sm.user_id is null or a.subject_id = r.respondent_id`,
    'evaluation answer of the wrong kind or another evaluation': sql`select a.id from evaluation_answers a
      join evaluation_responses r on r.id = a.response_id join evaluation_questions q on q.id = a.question_id
      where q.evaluation_id <> r.evaluation_id or (q.kind = 'scale' and (a.score is null or a.text is not null))
      or (q.kind = 'text' and (a.text is null or a.score is not null))`,
    'evaluation response outside its evaluation’s sent week': sql`select r.id from evaluation_responses r
      join evaluations e on e.id = r.evaluation_id
      where r.submitted_at < e.sent_at or substr(r.submitted_at, 1, 10) < e.initial_date
      or substr(r.submitted_at, 1, 10) > e.deadline`,
    'written after now': sql`select id from task_logs where created_at > ${now} union all
      select id from hours where created_at > ${now} union all select id from comments where created_at > ${now}
      union all select id from standups where created_at > ${now}
      union all select id from evaluation_responses where updated_at > ${now}`,
  };
}

/** The broken invariants, each with a few offending rows; {} when the course is sound. */
export async function findViolations(db: Db, now: string): Promise<Record<string, unknown[]>> {
  const violations: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(invariantQueries(now))) {
    const { rows } = await query.execute(db);
    if (rows.length > 0) violations[name] = rows.slice(0, 5);
  }
  return violations;
}

/** SQLite's own checks: every foreign key resolves, the file is sound. Null on PostgreSQL. */
export async function sqliteFileProblems(
  db: Db,
): Promise<{ foreignKeys: unknown[]; integrity: unknown[] } | null> {
  if (!isSqlite(db)) return null;
  const foreignKeys = (await sql`pragma foreign_key_check`.execute(db)).rows;
  const integrity = (await sql`pragma integrity_check`.execute(db)).rows;
  return { foreignKeys, integrity };
}

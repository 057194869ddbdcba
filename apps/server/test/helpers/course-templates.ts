import type { Db } from '../../src/db/database.js';

/** A valid course template body (docs/api-course-templates.md): one board, one label, one milestone. */
export const COURSE_TEMPLATE = {
  name: 'Software II',
  year: 3,
  semester: '2026-2',
  boards: [{ name: 'Sprint board', columns: [{ name: 'To do' }, { name: 'Done' }] }],
  labels: [{ name: 'bug', color: '#ff0000' }],
  milestones: [{ name: 'Sprint 1', start_date: '2026-08-31', deadline: '2026-09-20', sprint: true }],
};

/** A roster of one student (the header and one row), for `email`. */
export const oneStudentRoster = (email: string) =>
  `email,name,team,section,group\n${email},Student,Team 1,A,1\n`;

/** A course template straight into the database (fixtures), owned by `ownerId`. */
export async function insertCourseTemplate(db: Db, ownerId: number): Promise<number> {
  const { name, year, semester, ...body } = COURSE_TEMPLATE;
  const now = '2026-11-22T10:00:00.000Z';
  const row = await db
    .insertInto('course_templates')
    .values({
      owner_id: ownerId,
      name,
      year,
      semester,
      body: JSON.stringify(body),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

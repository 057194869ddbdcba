import type { Kysely } from 'kysely';

/**
 * Where a team project sits in a course (docs/api-course-overview.md): year, semester, section and
 * group, set by a roster import or by the project's owner. Null: not placed; the course overview
 * then places it by its members' profiles. Indexed by semester and section, the overview's filters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['course_year', 'course_semester', 'course_section', 'course_group'])
    await db.schema.alterTable('projects').addColumn(column, 'text').execute();
  await db.schema
    .createIndex('projects_course_index')
    .on('projects')
    .columns(['course_semester', 'course_section'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('projects_course_index').execute();
  for (const column of ['course_group', 'course_section', 'course_semester', 'course_year'])
    await db.schema.alterTable('projects').dropColumn(column).execute();
}

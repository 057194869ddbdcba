import type { Db } from '../db/database.js';

/** Where a course project sits (the projects table's columns), as a roster import places it. */
export interface CoursePlacement {
  course_year: string | null;
  course_semester: string | null;
  course_section: string | null;
  course_group: string | null;
}

/**
 * Writes a course project's placement into its students' empty profile fields (year, semester,
 * section, group), so knowledge forms aimed at a section reach roster-imported students. Only
 * empty fields and only student (`user`) accounts: what a student typed in their profile wins, and the
 * staff's own profile is not theirs to move. Matched by lowercased address (accounts are).
 * Answers the ids of the accounts it changed: after the commit, the caller tells `userChanged`
 * so remembered sessions read the new profile.
 */
export async function fillEmptyPlacement(
  db: Db,
  who: { emails: string[] } | { userId: number },
  placement: CoursePlacement,
): Promise<number[]> {
  const changed = new Set<number>();
  if ('emails' in who && who.emails.length === 0) return [];
  const year = placement.course_year === null ? null : Number.parseInt(placement.course_year, 10);
  const values = {
    year: Number.isInteger(year) ? year : null,
    semester: placement.course_semester,
    section: placement.course_section,
    group: placement.course_group,
  };
  for (const field of ['year', 'semester', 'section', 'group'] as const) {
    const value = values[field];
    if (value === null) continue;
    let update = db
      .updateTable('users')
      .set({ [field]: value })
      .where(field, 'is', null)
      .where('account_type', '=', 'user')
      .returning('id');
    update = 'emails' in who ? update.where('email', 'in', who.emails) : update.where('id', '=', who.userId);
    for (const row of await update.execute()) changed.add(row.id);
  }
  return [...changed];
}

/** The placement of a project, for a student joining it. */
export function placementOf(db: Db, projectId: number): Promise<CoursePlacement | undefined> {
  return db
    .selectFrom('projects')
    .select(['course_year', 'course_semester', 'course_section', 'course_group'])
    .where('id', '=', projectId)
    .executeTakeFirst();
}

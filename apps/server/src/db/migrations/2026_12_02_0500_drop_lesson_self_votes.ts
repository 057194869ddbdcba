import { sql, type Kysely } from 'kysely';

/**
 * Authors no longer vote for their own lessons (docs/decisions.md, lesson moderation): the votes they
 * cast before that rule are removed and each lesson's vote count is recounted from the votes left.
 * `changed_at` moves on the recounted lessons so the search index picks up the new count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM lesson_votes
    WHERE user_id = (SELECT author_id FROM lessons WHERE lessons.id = lesson_votes.lesson_id)`.execute(db);
  const now = new Date().toISOString();
  await sql`UPDATE lessons
    SET votes = (SELECT COUNT(*) FROM lesson_votes WHERE lesson_votes.lesson_id = lessons.id),
        changed_at = ${now}
    WHERE votes <> (SELECT COUNT(*) FROM lesson_votes WHERE lesson_votes.lesson_id = lessons.id)`.execute(db);
}

/** Removed votes are not brought back: nothing to undo. */
export async function down(): Promise<void> {}

import type { Db } from '../../src/db/database.js';

/** A knowledge form straight into the database (fixtures), open around the test clock's today. */
export async function insertKnowledgeForm(
  db: Db,
  options: { createdBy: number; section?: string | null; items?: string[] },
): Promise<{ id: number; itemIds: number[] }> {
  const now = '2026-11-22T10:00:00.000Z';
  const form = await db
    .insertInto('knowledge_forms')
    .values({
      title: 'Tools',
      description: '',
      year: null,
      semester: null,
      section: options.section ?? null,
      group: null,
      opens_on: '2026-11-01',
      closes_on: '2026-12-31',
      created_by: options.createdBy,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const itemIds: number[] = [];
  for (const [position, name] of (options.items ?? ['Git', 'SQL']).entries()) {
    const item = await db
      .insertInto('knowledge_items')
      .values({ form_id: form.id, name, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    itemIds.push(item.id);
  }
  return { id: form.id, itemIds };
}

/** A valid answer body for a form's items. */
export const knowledgeAnswers = (itemIds: number[]) => ({
  answers: itemIds.map((item_id) => ({ item_id, rating: 3, comment: '' })),
});

import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  KnowledgeAnswerRow,
  KnowledgeFormRow,
  KnowledgeFormsTable,
  KnowledgeItemRow,
} from './knowledge.table.js';

/** A form with its author's name. */
export type KnowledgeFormListRow = KnowledgeFormRow & { created_by_name: string };

/** The profile fields an audience matches. */
export interface AudienceProfile {
  year: number | null;
  semester: string | null;
  section: string | null;
  group: string | null;
}

const FORM_COLUMNS = [
  'knowledge_forms.id',
  'knowledge_forms.title',
  'knowledge_forms.description',
  'knowledge_forms.year',
  'knowledge_forms.semester',
  'knowledge_forms.section',
  'knowledge_forms.group',
  'knowledge_forms.opens_on',
  'knowledge_forms.closes_on',
  'knowledge_forms.created_by',
  'knowledge_forms.created_at',
  'knowledge_forms.updated_at',
  'users.name as created_by_name',
] as const;

function formsQuery(db: Db) {
  return db
    .selectFrom('knowledge_forms')
    .innerJoin('users', 'users.id', 'knowledge_forms.created_by')
    .select(FORM_COLUMNS);
}

export async function findForm(db: Db, id: number): Promise<KnowledgeFormListRow | undefined> {
  return formsQuery(db).where('knowledge_forms.id', '=', id).executeTakeFirst();
}

/** Every form (createdBy undefined) or one author's, newest opening first. */
export async function listForms(db: Db, createdBy: number | undefined): Promise<KnowledgeFormListRow[]> {
  let query = formsQuery(db);
  if (createdBy !== undefined) query = query.where('knowledge_forms.created_by', '=', createdBy);
  return query.orderBy('knowledge_forms.opens_on', 'desc').orderBy('knowledge_forms.id', 'desc').execute();
}

/**
 * The forms whose audience the profile matches (each non-null field equal to the profile's), closed
 * on or after `closedSince`; soonest closing first.
 */
export async function formsFor(
  db: Db,
  profile: AudienceProfile,
  closedSince: string,
  formId?: number,
): Promise<KnowledgeFormListRow[]> {
  let query = formsQuery(db)
    .where('knowledge_forms.closes_on', '>=', closedSince)
    .where((eb) => {
      const field = <K extends keyof AudienceProfile>(name: K) => {
        const column = `knowledge_forms.${name}` as const;
        const value = profile[name];
        return value === null
          ? eb(column, 'is', null)
          : eb.or([eb(column, 'is', null), eb(column, '=', value as never)]);
      };
      return eb.and([field('year'), field('semester'), field('section'), field('group')]);
    });
  if (formId !== undefined) query = query.where('knowledge_forms.id', '=', formId);
  return query.orderBy('knowledge_forms.closes_on').orderBy('knowledge_forms.id').execute();
}

export async function itemsOf(db: Db, formIds: number[]): Promise<KnowledgeItemRow[]> {
  if (formIds.length === 0) return [];
  return db
    .selectFrom('knowledge_items')
    .selectAll()
    .where('form_id', 'in', formIds)
    .orderBy('form_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** How many people answered each form. */
export async function respondentCounts(db: Db, formIds: number[]): Promise<Map<number, number>> {
  if (formIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('knowledge_answers')
    .select(['form_id', (eb) => eb.fn.count<number | string>('user_id').distinct().as('count')])
    .where('form_id', 'in', formIds)
    .groupBy('form_id')
    .execute();
  return new Map(rows.map((row) => [row.form_id, Number(row.count)]));
}

export async function answersOf(db: Db, formIds: number[], userId: number): Promise<KnowledgeAnswerRow[]> {
  if (formIds.length === 0) return [];
  return db
    .selectFrom('knowledge_answers')
    .selectAll()
    .where('form_id', 'in', formIds)
    .where('user_id', '=', userId)
    .execute();
}

export type RespondentAnswerRow = KnowledgeAnswerRow & {
  name: string;
  section: string | null;
  group: string | null;
};

/** Every answer of a form with its author's name and current section and group. */
export async function formAnswers(db: Db, formId: number): Promise<RespondentAnswerRow[]> {
  return db
    .selectFrom('knowledge_answers')
    .innerJoin('users', 'users.id', 'knowledge_answers.user_id')
    .selectAll('knowledge_answers')
    .select(['users.name', 'users.section', 'users.group'])
    .where('knowledge_answers.form_id', '=', formId)
    .orderBy('users.name')
    .orderBy('knowledge_answers.user_id')
    .execute();
}

export async function insertForm(db: Db, values: Insertable<KnowledgeFormsTable>): Promise<number> {
  const row = await db.insertInto('knowledge_forms').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

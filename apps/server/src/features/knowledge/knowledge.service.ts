import {
  addDays,
  KNOWLEDGE_RATING_MAX,
  KNOWLEDGE_RECENTLY_CLOSED_DAYS,
  knowledgeState,
  type KnowledgeAnswersInput,
  type KnowledgeAnswersQuery,
  type KnowledgeForm,
  type KnowledgeFormInput,
  type KnowledgeResults,
  type MyKnowledgeForm,
} from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { round2 } from '../../lib/numbers.js';
import { dayIn } from '../../lib/zone-days.js';
import type { UserRow } from '../../users/users.js';
import * as repo from './knowledge.repository.js';
import type { KnowledgeFormListRow } from './knowledge.repository.js';
import type { KnowledgeItemRow } from './knowledge.table.js';

/** Teachers and admins manage knowledge forms. */
export function isStaff(user: Pick<UserRow, 'account_type'>): boolean {
  return user.account_type === 'teacher' || user.account_type === 'admin';
}

const byText = (a: string, b: string) => a.localeCompare(b);

/**
 * Knowledge forms (docs/api-knowledge-forms.md). Every call checks the caller's account type here
 * as well as in the route's 'staff' policy: a teacher manages the forms they created, an admin all
 * (another teacher's form is 404 to a teacher). Days are the server's (its TZ).
 */
export class KnowledgeService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  today(): string {
    return dayIn(this.deps.clock.now(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  }

  private present(
    row: KnowledgeFormListRow,
    items: KnowledgeItemRow[],
    respondents: number,
    today: string,
  ): KnowledgeForm {
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      year: row.year,
      semester: row.semester,
      section: row.section,
      group: row.group,
      opens_on: row.opens_on,
      closes_on: row.closes_on,
      state: knowledgeState(row, today),
      items: items.map((item) => ({ id: item.id, name: item.name })),
      created_by: row.created_by,
      created_by_name: row.created_by_name,
      respondents,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  private async presentAll(rows: KnowledgeFormListRow[], today: string): Promise<KnowledgeForm[]> {
    const ids = rows.map((row) => row.id);
    const [items, counts] = await Promise.all([
      repo.itemsOf(this.deps.db, ids),
      repo.respondentCounts(this.deps.db, ids),
    ]);
    return rows.map((row) =>
      this.present(
        row,
        items.filter((item) => item.form_id === row.id),
        counts.get(row.id) ?? 0,
        today,
      ),
    );
  }

  private requireStaff(user: UserRow): void {
    if (!isStaff(user)) throw new AppError('FORBIDDEN');
  }

  /** A form the caller manages; 404 for one they do not (or none). */
  private async managed(user: UserRow, id: number): Promise<KnowledgeFormListRow> {
    this.requireStaff(user);
    const row = await repo.findForm(this.deps.db, id);
    if (!row || (user.account_type !== 'admin' && row.created_by !== user.id))
      throw new AppError('NOT_FOUND');
    return row;
  }

  async list(user: UserRow): Promise<{ data: KnowledgeForm[]; today: string }> {
    this.requireStaff(user);
    const today = this.today();
    const rows = await repo.listForms(this.deps.db, user.account_type === 'admin' ? undefined : user.id);
    return { data: await this.presentAll(rows, today), today };
  }

  async read(user: UserRow, id: number): Promise<KnowledgeForm> {
    const row = await this.managed(user, id);
    return (await this.presentAll([row], this.today()))[0]!;
  }

  async create(user: UserRow, input: KnowledgeFormInput): Promise<KnowledgeForm> {
    this.requireStaff(user);
    if (input.items.some((item) => item.id !== undefined)) throw new AppError('KNOWLEDGE_ITEM_NOT_VALID');
    const now = this.deps.clock.now().toISOString();
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const formId = await repo.insertForm(trx, {
        ...formFields(input),
        created_by: user.id,
        created_at: now,
        updated_at: now,
      });
      await trx
        .insertInto('knowledge_items')
        .values(input.items.map((item, position) => ({ form_id: formId, name: item.name, position })))
        .execute();
      return formId;
    });
    return this.read(user, id);
  }

  /**
   * The whole form. Items with an id are kept (renamed, reordered), items without one are added,
   * and items left out are removed with their answers (the web app asks first).
   */
  async update(user: UserRow, id: number, input: KnowledgeFormInput): Promise<KnowledgeForm> {
    const row = await this.managed(user, id);
    const now = this.deps.clock.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      const existing = await repo.itemsOf(trx, [row.id]);
      const existingIds = new Set(existing.map((item) => item.id));
      const keptIds = input.items.flatMap((item) => (item.id === undefined ? [] : [item.id]));
      if (keptIds.some((itemId) => !existingIds.has(itemId)) || new Set(keptIds).size !== keptIds.length) {
        throw new AppError('KNOWLEDGE_ITEM_NOT_VALID');
      }
      const removed = existing.filter((item) => !keptIds.includes(item.id)).map((item) => item.id);
      if (removed.length > 0) await trx.deleteFrom('knowledge_items').where('id', 'in', removed).execute();
      for (const [position, item] of input.items.entries()) {
        if (item.id === undefined) {
          await trx
            .insertInto('knowledge_items')
            .values({ form_id: row.id, name: item.name, position })
            .execute();
        } else {
          await trx
            .updateTable('knowledge_items')
            .set({ name: item.name, position })
            .where('id', '=', item.id)
            .execute();
        }
      }
      await trx
        .updateTable('knowledge_forms')
        .set({ ...formFields(input), updated_at: now })
        .where('id', '=', row.id)
        .execute();
    });
    return this.read(user, row.id);
  }

  /** The form, its items and every answer. */
  async remove(user: UserRow, id: number): Promise<void> {
    const row = await this.managed(user, id);
    await this.deps.db.deleteFrom('knowledge_forms').where('id', '=', row.id).execute();
  }

  /** Who answered (filtered by their section and group) and each item's distribution. */
  async results(user: UserRow, id: number, query: KnowledgeAnswersQuery): Promise<KnowledgeResults> {
    const row = await this.managed(user, id);
    const [form] = await this.presentAll([row], this.today());
    const answers = await repo.formAnswers(this.deps.db, row.id);
    const distinct = (values: (string | null)[]) =>
      [...new Set(values.filter((value): value is string => value !== null && value !== ''))].sort(byText);
    const sections = distinct(answers.map((answer) => answer.section));
    const groups = distinct(answers.map((answer) => answer.group));
    const kept = answers.filter(
      (answer) =>
        (!query.section || answer.section === query.section) &&
        (!query.group || answer.group === query.group),
    );
    const people = new Map<number, typeof kept>();
    for (const answer of kept) people.set(answer.user_id, [...(people.get(answer.user_id) ?? []), answer]);
    const respondents = [...people.values()].map((own) => {
      const first = own[0]!;
      return {
        user_id: first.user_id,
        name: first.name,
        section: first.section,
        group: first.group,
        answered_at: own
          .map((answer) => answer.updated_at)
          .sort()
          .at(-1)!,
        answers: form!.items.map((item) => {
          const answer = own.find((candidate) => candidate.item_id === item.id);
          return { item_id: item.id, rating: answer?.rating ?? null, comment: answer?.comment ?? '' };
        }),
      };
    });
    const distribution = form!.items.map((item) => {
      const counts = Array.from({ length: KNOWLEDGE_RATING_MAX }, () => 0);
      let sum = 0;
      let total = 0;
      for (const answer of kept) {
        if (answer.item_id !== item.id) continue;
        counts[answer.rating - 1]! += 1;
        sum += answer.rating;
        total += 1;
      }
      return {
        item_id: item.id,
        name: item.name,
        counts,
        total,
        average: total === 0 ? null : round2(sum / total),
      };
    });
    return { form: form!, sections, groups, respondents, distribution };
  }

  /** The forms for the caller: open, scheduled, and closed in the last KNOWLEDGE_RECENTLY_CLOSED_DAYS. */
  async mine(user: UserRow): Promise<{ data: MyKnowledgeForm[]; today: string }> {
    const today = this.today();
    const rows = await repo.formsFor(this.deps.db, user, addDays(today, -KNOWLEDGE_RECENTLY_CLOSED_DAYS));
    return { data: await this.presentMine(user, rows, today), today };
  }

  private async presentMine(
    user: UserRow,
    rows: KnowledgeFormListRow[],
    today: string,
  ): Promise<MyKnowledgeForm[]> {
    const ids = rows.map((row) => row.id);
    const [items, answers] = await Promise.all([
      repo.itemsOf(this.deps.db, ids),
      repo.answersOf(this.deps.db, ids, user.id),
    ]);
    return rows.map((row) => {
      const own = answers.filter((answer) => answer.form_id === row.id);
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        opens_on: row.opens_on,
        closes_on: row.closes_on,
        state: knowledgeState(row, today),
        items: items
          .filter((item) => item.form_id === row.id)
          .map((item) => ({ id: item.id, name: item.name })),
        answers: own.map((answer) => ({
          item_id: answer.item_id,
          rating: answer.rating,
          comment: answer.comment,
        })),
        answered_at:
          own.length === 0
            ? null
            : own
                .map((answer) => answer.updated_at)
                .sort()
                .at(-1)!,
      };
    });
  }

  /**
   * Replaces the caller's answers while the form is open. A form outside their audience is 404,
   * whatever its dates (so is one closed long ago: the audience's list no longer shows it either).
   */
  async answer(user: UserRow, id: number, input: KnowledgeAnswersInput): Promise<MyKnowledgeForm> {
    const { db, clock } = this.deps;
    const today = this.today();
    const [row] = await repo.formsFor(db, user, '0000-00-00', id);
    if (!row) throw new AppError('NOT_FOUND');
    const state = knowledgeState(row, today);
    if (state === 'scheduled') throw new AppError('KNOWLEDGE_FORM_NOT_OPEN');
    if (state === 'closed') throw new AppError('KNOWLEDGE_FORM_CLOSED');
    const items = await repo.itemsOf(db, [row.id]);
    const itemIds = new Set(items.map((item) => item.id));
    const answered = input.answers.map((answer) => answer.item_id);
    if (answered.some((itemId) => !itemIds.has(itemId)) || new Set(answered).size !== answered.length) {
      throw new AppError('KNOWLEDGE_ITEM_NOT_VALID');
    }
    if (answered.length !== itemIds.size) throw new AppError('KNOWLEDGE_ANSWERS_INCOMPLETE');
    const now = clock.now().toISOString();
    // Every item is answered, so an upsert per item replaces them all (and two saves at once cannot
    // collide on the unique index).
    await db
      .insertInto('knowledge_answers')
      .values(
        input.answers.map((answer) => ({
          form_id: row.id,
          item_id: answer.item_id,
          user_id: user.id,
          rating: answer.rating,
          comment: answer.comment,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['item_id', 'user_id']).doUpdateSet((eb) => ({
          rating: eb.ref('excluded.rating'),
          comment: eb.ref('excluded.comment'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
    return (await this.presentMine(user, [row], today))[0]!;
  }
}

function formFields(input: KnowledgeFormInput) {
  return {
    title: input.title,
    description: input.description,
    year: input.year,
    semester: input.semester,
    section: input.section,
    group: input.group,
    opens_on: input.opens_on,
    closes_on: input.closes_on,
  };
}

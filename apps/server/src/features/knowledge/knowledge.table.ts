import type { Generated, Selectable } from 'kysely';

/** A knowledge form (docs/api-knowledge-forms.md); null audience fields mean "any". */
export interface KnowledgeFormsTable {
  id: Generated<number>;
  title: string;
  description: string;
  year: number | null;
  semester: string | null;
  section: string | null;
  group: string | null;
  /** YYYY-MM-DD, inclusive, the server's days. */
  opens_on: string;
  closes_on: string;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type KnowledgeFormRow = Selectable<KnowledgeFormsTable>;

export interface KnowledgeItemsTable {
  id: Generated<number>;
  form_id: number;
  name: string;
  position: number;
}
export type KnowledgeItemRow = Selectable<KnowledgeItemsTable>;

/** One person's rating of one item. */
export interface KnowledgeAnswersTable {
  id: Generated<number>;
  form_id: number;
  item_id: number;
  user_id: number;
  rating: number;
  comment: string;
  created_at: string;
  updated_at: string;
}
export type KnowledgeAnswerRow = Selectable<KnowledgeAnswersTable>;

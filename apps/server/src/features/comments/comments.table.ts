import type { Generated, Selectable } from 'kysely';

/** `text` is Markdown, stored exactly as given; clients render it without raw HTML. */
export interface CommentsTable {
  id: Generated<number>;
  task_id: number;
  user_id: number;
  text: string;
  created_at: string;
  updated_at: string;
}
export type CommentRow = Selectable<CommentsTable>;

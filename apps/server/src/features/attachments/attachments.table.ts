import type { Generated, Selectable } from 'kysely';

export interface AttachmentsTable {
  id: Generated<number>;
  task_id: number;
  user_id: number;
  name: string;
  content_type: string;
  size: number;
  storage_key: string;
  thumbnail_key: string | null;
  created_at: string;
}
export type AttachmentRow = Selectable<AttachmentsTable>;

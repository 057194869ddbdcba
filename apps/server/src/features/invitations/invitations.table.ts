import type { ProjectRole } from '@teamboard/contract';
import type { Generated, Selectable } from 'kysely';

/** A pending invitation; one per project and (lowercased) email. Deleted when accepted or rejected. */
export interface ProjectInvitationsTable {
  id: Generated<number>;
  project_id: number;
  email: string;
  role: ProjectRole;
  sender_id: number | null;
  created_at: string;
  updated_at: string;
}

export type InvitationRow = Selectable<ProjectInvitationsTable>;

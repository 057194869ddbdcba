import type { ProjectRole } from '@teamboard/contract';
import type { Generated, Selectable } from 'kysely';

/**
 * A membership: the user's role on the project plus their own placement of it (folder, order,
 * favorite) — each member files the same project independently.
 */
export interface ProjectMembersTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  role: ProjectRole;
  folder_id: number;
  sort_order: number;
  is_favorite: Generated<number>;
  joined_at: string;
}

export type MembershipRow = Selectable<ProjectMembersTable>;

import type { ProjectRole } from '@teamboard/contract';
import type { Db } from '../../db/database.js';
import type { InvitationRow } from './invitations.table.js';

export function findInvitation(db: Db, id: number): Promise<InvitationRow | undefined> {
  return db.selectFrom('project_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findInvitationTo(db: Db, id: number, email: string): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('project_invitations')
    .selectAll()
    .where('id', '=', id)
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findByProjectAndEmail(
  db: Db,
  projectId: number,
  email: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('project_invitations')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export function listSent(db: Db, projectId: number): Promise<InvitationRow[]> {
  return db
    .selectFrom('project_invitations')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
}

/** Pending invitations to an address, with their project and sender, in one query. */
export function listReceived(db: Db, email: string) {
  return db
    .selectFrom('project_invitations')
    .innerJoin('projects', 'projects.id', 'project_invitations.project_id')
    .leftJoin('users as sender', 'sender.id', 'project_invitations.sender_id')
    .select([
      'project_invitations.id',
      'project_invitations.role',
      'project_invitations.updated_at',
      'projects.id as project_id',
      'projects.name as project_name',
      'projects.description as project_description',
      'sender.name as sender_name',
      'sender.image_key as sender_image_key',
    ])
    .where('project_invitations.email', '=', email)
    .orderBy('project_invitations.updated_at', 'desc')
    .orderBy('project_invitations.id', 'desc')
    .execute();
}

/** One pending invitation per project and address: sending again updates role, sender and date. */
export function upsertInvitation(
  db: Db,
  invitation: { project_id: number; email: string; role: ProjectRole; sender_id: number; now: string },
): Promise<InvitationRow> {
  const { now, ...fields } = invitation;
  return db
    .insertInto('project_invitations')
    .values({ ...fields, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .columns(['project_id', 'email'])
        .doUpdateSet({ role: fields.role, sender_id: fields.sender_id, updated_at: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateRole(db: Db, id: number, role: ProjectRole, now: string): Promise<InvitationRow> {
  return db
    .updateTable('project_invitations')
    .set({ role, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Answers whether this call deleted it (of two concurrent accepts, only one does). */
export async function deleteInvitation(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('project_invitations').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

import type { AppDatabase } from '../../db/app-database.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import type {
  CreateInvitationInput,
  Project,
  ProjectRole,
  ReceivedInvitation,
  SentInvitation,
} from '@teamboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import { MemoryThrottle, ThrottleUnavailableError, type Throttle } from '../../lib/throttle.js';
import { recordActivity } from '../activity/activity.service.js';
import { AVATAR_URL_PREFIX, findUserByEmail, userChanged, type UserRow } from '../../users/users.js';
import type { ProjectFolders } from '../folders/folders.service.js';
import {
  addMembership,
  announceMembership,
  findMembership,
  isMemberByEmail,
} from '../members/members.service.js';
import { fillEmptyPlacement, placementOf } from '../../users/course-placement.js';
import type { ProjectAccess } from '../../access/access.js';
import { assertMayOwnAnother } from '../projects/projects.service.js';
import { composeInvitationMail, invitationSenderLimit } from './invitations.mail.js';
import * as repo from './invitations.repository.js';
import type { InvitationRow } from './invitations.table.js';

export type { InvitationRow } from './invitations.table.js';
export { sendInvitationsWithin, type BatchInvitation } from './invitations.bulk.js';

/** What accepting an invitation needs of projects: the project as the new member now sees it. */
export interface ProjectViews {
  view(user: UserRow, projectId: number, db?: Db): Promise<Project>;
}

export function toSentInvitation(row: InvitationRow): SentInvitation {
  return { id: row.id, email: row.email, role: row.role, date_sent: row.updated_at };
}

export interface InvitationsDeps {
  database: AppDatabase;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  folders: ProjectFolders;
  projects: ProjectViews;
  realtime: RealtimePublisher;
  /** Reads the sender's invitation mail cap (the mailer counts it); the app's shared counters when given. */
  throttle?: Throttle;
}

/**
 * Invitations by email with a role (docs/product.md). One pending invitation per project and address;
 * an address without an account keeps it until it registers, and then sees it (matched by email).
 */
export class InvitationsService {
  private readonly throttle: Throttle;

  constructor(private readonly deps: InvitationsDeps) {
    this.throttle = deps.throttle ?? new MemoryThrottle(deps.clock);
  }

  findById(id: number): Promise<InvitationRow | undefined> {
    return repo.findInvitation(this.deps.db, id);
  }

  /** The invitation if `user` (a confirmed account) is its invitee; INVITATION_NOT_FOUND otherwise. */
  async receivedBy(user: UserRow, id: number, db: Db = this.deps.db): Promise<InvitationRow> {
    const invitation = user.confirmed_at ? await repo.findInvitationTo(db, id, user.email) : undefined;
    if (!invitation) throw new AppError('INVITATION_NOT_FOUND');
    return invitation;
  }

  async received(user: UserRow): Promise<ReceivedInvitation[]> {
    if (!user.confirmed_at) return [];
    const rows = await repo.listReceived(this.deps.db, user.email);
    return rows.map((row) => ({
      id: row.id,
      sender_name: row.sender_name ?? '',
      sender_image: row.sender_image_key ? AVATAR_URL_PREFIX + row.sender_image_key : null,
      project_name: row.project_name,
      project_id: row.project_id,
      project_description: row.project_description,
      date_sent: row.updated_at,
      role: row.role,
    }));
  }

  async sent(projectId: number): Promise<SentInvitation[]> {
    return (await repo.listSent(this.deps.db, projectId)).map(toSentInvitation);
  }

  /**
   * Creates or (same address again) updates the invitation, then mails the invitee within the caps
   * of invitations.mail.ts; a sender over theirs is refused before anything changes.
   */
  async send(
    sender: UserRow,
    access: ProjectAccess,
    input: CreateInvitationInput,
  ): Promise<{ invitation: SentInvitation; isNew: boolean }> {
    const { project } = access;
    const email = input.email.toLowerCase();
    if (await this.isSenderCapped(sender)) throw new AppError('RATE_LIMITED');
    const invitee = await findUserByEmail(this.deps.db, email);
    const now = this.nowIso();
    const { row, isNew } = await this.deps.db.transaction().execute(async (trx) => {
      if (await isMemberByEmail(trx, project.id, email)) throw new AppError('ALREADY_MEMBER');
      const existing = await repo.findByProjectAndEmail(trx, project.id, email);
      const saved = await repo.upsertInvitation(trx, {
        project_id: project.id,
        email,
        role: input.role,
        sender_id: sender.id,
        now,
      });
      await recordActivity(trx, {
        kind: 'invitation.sent',
        actor: sender,
        project,
        subject: { userId: invitee?.id ?? null, name: invitee?.name ?? email },
        role: input.role,
        at: now,
      });
      return { row: saved, isNew: existing === undefined };
    });
    if (invitee) this.deps.realtime.user([invitee.id], { type: 'invitations.changed' });
    await this.sendMail(
      composeInvitationMail({
        to: email,
        name: invitee?.name ?? null,
        language: invitee?.language ?? sender.language,
        sender: sender.name,
        project: project.name,
        role: input.role,
        link: `${this.deps.appUrl}/home`,
        cap: { kind: 'invitation', senderId: sender.id },
      }),
    );
    return { invitation: toSentInvitation(row), isNew };
  }

  async changeRole(invitation: InvitationRow, role: ProjectRole): Promise<SentInvitation> {
    const updated = await repo.updateRole(this.deps.db, invitation.id, role, this.nowIso());
    await this.tellInvitee(invitation.email);
    return toSentInvitation(updated);
  }

  async remove(invitation: InvitationRow): Promise<void> {
    await repo.deleteInvitation(this.deps.db, invitation.id);
    await this.tellInvitee(invitation.email);
  }

  /** The invitee's bell, live (an address without an account has no bell yet). */
  private async tellInvitee(email: string): Promise<void> {
    const invitee = await findUserByEmail(this.deps.db, email);
    if (invitee) this.deps.realtime.user([invitee.id], { type: 'invitations.changed' });
  }

  /**
   * Joins the project with the invited role, filed in one of the invitee's non-archived folders,
   * and deletes the invitation — all or nothing.
   */
  async accept(user: UserRow, invitation: InvitationRow, folderId: number): Promise<Project> {
    const folder = await this.deps.folders.ownFolder(user.id, folderId);
    if (folder.is_archived === 1) throw new AppError('NOT_FOUND');
    const now = this.nowIso();
    const { project, isPlaced } = await this.deps.db.transaction().execute(async (trx) => {
      const current = await this.receivedBy(user, invitation.id, trx);
      if (await findMembership(trx, current.project_id, user.id)) throw new AppError('ALREADY_MEMBER');
      if (current.role === 'owner') await assertMayOwnAnother(trx, user);
      if (!(await repo.deleteInvitation(trx, current.id))) throw new AppError('INVITATION_NOT_FOUND');
      await addMembership(trx, {
        projectId: current.project_id,
        userId: user.id,
        role: current.role,
        folderId: folder.id,
        at: now,
      });
      const placement = await placementOf(trx, current.project_id);
      const placed = placement ? await fillEmptyPlacement(trx, { userId: user.id }, placement) : [];
      const project = await this.deps.projects.view(user, current.project_id, trx);
      await recordActivity(trx, {
        kind: 'project.joined',
        actor: user,
        project,
        role: current.role,
        at: now,
      });
      return { project, isPlaced: placed.length > 0 };
    });
    if (isPlaced) userChanged(this.deps.database.stamps, user.id);
    this.deps.realtime.user([user.id], { type: 'invitations.changed' });
    await announceMembership(this.deps.db, this.deps.database.stamps, this.deps.realtime, project.id);
    return project;
  }

  async reject(user: UserRow, invitation: InvitationRow): Promise<void> {
    const now = this.nowIso();
    await this.deps.db.transaction().execute(async (trx) => {
      const current = await this.receivedBy(user, invitation.id, trx);
      if (!(await repo.deleteInvitation(trx, current.id))) throw new AppError('INVITATION_NOT_FOUND');
      const project = await this.deps.projects.view(user, current.project_id, trx);
      await recordActivity(trx, {
        kind: 'invitation.rejected',
        actor: user,
        project,
        role: current.role,
        at: now,
      });
    });
    this.deps.realtime.user([user.id], { type: 'invitations.changed' });
  }

  /**
   * The mailer counts the mail against the sender's and the address's caps (lib/mail-caps.ts); a
   * capped (logged there) or failed mail leaves the invitation standing, in the invitee's bell panel.
   */
  private async sendMail(message: MailMessage): Promise<void> {
    try {
      await this.deps.mailer.send(message);
    } catch (error) {
      this.deps.log.error({ err: error }, 'could not send the invitation mail');
    }
  }

  /**
   * The early check fails open: with the shared counters unreachable the invitation is still saved,
   * and its mail, counted by the mailer, fails closed (not sent; the bell panel shows it).
   */
  private async isSenderCapped(sender: UserRow): Promise<boolean> {
    const { key, limit } = invitationSenderLimit(sender.id);
    return this.throttle.isExhausted(key, limit).catch((error: unknown) => this.unavailable(error));
  }

  /** Shared counters unreachable: logged, and answered "capped" to a mail, "not capped" to the sender check. */
  private unavailable(error: unknown): false {
    if (!(error instanceof ThrottleUnavailableError)) throw error;
    this.deps.log.error({ err: error.cause }, 'invitation mail caps: shared limits unavailable');
    return false;
  }

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }
}

import type { ProjectRole } from '@teamboard/contract';
import { chunks } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../lib/mailer.js';
import type { UserRow } from '../../users/users.js';
import { recordActivity } from '../activity/activity.service.js';
import { composeInvitationMail } from './invitations.mail.js';

/** One invitation of a batch (a roster import): to `email`, into the project, with the role. */
export interface BatchInvitation {
  project: { id: number; name: string };
  email: string;
  role: ProjectRole;
}

export interface BatchInvitationsDeps {
  mailer: Mailer;
  appUrl: string;
}

/**
 * Sends many invitations inside the caller's transaction, as `InvitationsService.send` sends one:
 * one pending invitation per project and (lowercased) address, the feed's `invitation.sent`, and
 * the same mail, queued in the transaction (QueuedMailer.sendWithin), so all of it lands or none.
 * An invitation already pending is left as it is (no second mail). Each mail counts against its
 * address's hourly cap as a single invitation's does (lib/mail-caps.ts); the sender's cap does not
 * apply: a batch is a staff action (docs/api-course-templates.md). A capped address keeps its
 * invitation (in its bell) without the mail, and is answered in `notMailed`.
 * Answers the ids of the invitees who have an account: their bell is told after the commit.
 */
export async function sendInvitationsWithin(
  trx: Db,
  deps: BatchInvitationsDeps,
  sender: UserRow,
  invitations: BatchInvitation[],
  now: string,
): Promise<{ sent: number; inviteeIds: number[]; notMailed: string[] }> {
  const projects = new Map(invitations.map((invitation) => [invitation.project.id, invitation.project]));
  const inserted: { project_id: number; email: string; role: ProjectRole }[] = [];
  for (const batch of chunks(invitations)) {
    inserted.push(
      ...(await trx
        .insertInto('project_invitations')
        .values(
          batch.map((invitation) => ({
            project_id: invitation.project.id,
            email: invitation.email.toLowerCase(),
            role: invitation.role,
            sender_id: sender.id,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((conflict) => conflict.columns(['project_id', 'email']).doNothing())
        .returning(['project_id', 'email', 'role'])
        .execute()),
    );
  }
  const invitees = new Map<string, Pick<UserRow, 'id' | 'name' | 'language'>>();
  for (const batch of chunks([...new Set(inserted.map((row) => row.email))])) {
    const users = await trx
      .selectFrom('users')
      .select(['id', 'email', 'name', 'language'])
      .where('email', 'in', batch)
      .execute();
    for (const user of users) invitees.set(user.email, user);
  }
  const notMailed = new Set<string>();
  for (const row of inserted) {
    const project = projects.get(row.project_id)!;
    const invitee = invitees.get(row.email);
    await recordActivity(trx, {
      kind: 'invitation.sent',
      actor: sender,
      project,
      subject: { userId: invitee?.id ?? null, name: invitee?.name ?? row.email },
      role: row.role,
      at: now,
    });
    const message = composeInvitationMail({
      to: row.email,
      name: invitee?.name ?? null,
      language: invitee?.language ?? sender.language,
      sender: sender.name,
      project: project.name,
      role: row.role,
      link: `${deps.appUrl}/home`,
      cap: { kind: 'roster_invitation' },
    });
    if ((await deps.mailer.sendWithin(trx, message)) === 'capped') notMailed.add(row.email);
  }
  return {
    sent: inserted.length,
    notMailed: [...notMailed].sort(),
    inviteeIds: [...new Set(inserted.flatMap((row) => invitees.get(row.email)?.id ?? []))],
  };
}

import { HOUR_MS } from './clock.js';
import type { Limit } from './throttle.js';

/*
 * The hourly mail caps, counted where every mail of a feature goes through (job-queue/mail-job.ts
 * QueuedMailer), so a mail sent in a loop — a roster import's invitations, the evaluation reminders —
 * counts exactly as the same mail sent alone, and a new bulk path cannot skip them.
 *
 * - Invitations: a sender account may mail 60 (re-sends included; a teacher inviting a class of 40
 *   fits), and an address may receive 5 from everyone together, single and roster invitations alike.
 *   A roster import is a staff action: it counts against each address, not against the teacher's 60
 *   (a course of 200 is imported at once; docs/api-course-templates.md).
 * - Evaluations: an address may receive 5 evaluation mails (notices and reminders together).
 * - Account mails (sign-up, forgot, resend) are counted by auth.limits.ts before the mail is made,
 *   because a capped request must not issue a new link; the mailer counts nothing more for them.
 *
 * A mail over a cap is not sent; its sender is told (MailOutcome) and decides what that means.
 */
export const MAIL_CAP_WINDOW_MS = HOUR_MS;
export const INVITATION_MAILS_PER_SENDER = 60;
export const INVITATION_MAILS_PER_RECIPIENT = 5;
export const EVALUATION_MAILS_PER_RECIPIENT = 5;

/** What a mail is, for its caps: every message says it (lib/mailer.ts MailMessage). */
export type MailCap =
  | { kind: 'account' }
  | { kind: 'invitation'; senderId: number }
  | { kind: 'roster_invitation' }
  | { kind: 'evaluation' };

export function invitationSenderLimit(senderId: number): Limit {
  return {
    key: `invitation_mail:sender:${senderId}`,
    limit: INVITATION_MAILS_PER_SENDER,
    windowMs: MAIL_CAP_WINDOW_MS,
  };
}

function recipientLimit(kind: 'invitation' | 'evaluation', to: string, limit: number): Limit {
  return { key: `${kind}_mail:recipient:${to.toLowerCase()}`, limit, windowMs: MAIL_CAP_WINDOW_MS };
}

/** The caps one mail to `to` counts against (all of them, or none when one is used up). */
export function mailLimits(cap: MailCap, to: string): Limit[] {
  switch (cap.kind) {
    case 'account':
      return [];
    case 'invitation':
      return [
        invitationSenderLimit(cap.senderId),
        recipientLimit('invitation', to, INVITATION_MAILS_PER_RECIPIENT),
      ];
    case 'roster_invitation':
      return [recipientLimit('invitation', to, INVITATION_MAILS_PER_RECIPIENT)];
    case 'evaluation':
      return [recipientLimit('evaluation', to, EVALUATION_MAILS_PER_RECIPIENT)];
  }
}

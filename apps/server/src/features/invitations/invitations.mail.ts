import type { Language, ProjectRole } from '@teamboard/contract';
import { translate } from '@teamboard/i18n';
import { HOUR_MS } from '../../lib/clock.js';
import { subjectName, type MailMessage } from '../../lib/mailer.js';
import type { Limit } from '../../lib/throttle.js';

/*
 * Invitation mail caps, per hour: a sender account may mail 60 invitations (re-sends included;
 * a teacher inviting a class of 40 fits), and
 * an address may receive 5 from everyone together. A capped sender is refused with 429 before
 * anything is saved; a capped recipient still gets the invitation, in the bell panel, without a mail.
 */
export const INVITATION_MAIL_WINDOW_MS = HOUR_MS;
export const INVITATION_MAILS_PER_SENDER = 60;
export const INVITATION_MAILS_PER_RECIPIENT = 5;

export function invitationSenderLimit(senderId: number): Limit {
  return {
    key: `invitation_mail:sender:${senderId}`,
    limit: INVITATION_MAILS_PER_SENDER,
    windowMs: INVITATION_MAIL_WINDOW_MS,
  };
}

export function invitationRecipientLimit(email: string): Limit {
  return {
    key: `invitation_mail:recipient:${email}`,
    limit: INVITATION_MAILS_PER_RECIPIENT,
    windowMs: INVITATION_MAIL_WINDOW_MS,
  };
}

interface InvitationMailParams {
  to: string;
  /** The invitee's name when they have an account. */
  name: string | null;
  language: Language;
  sender: string;
  project: string;
  role: ProjectRole;
  link: string;
}

/**
 * The invitation mail, plain text, in the given language. The subject holds no user text but the
 * sender's name, cut short: the project name (the sender's free text) stays in the body.
 */
export function composeInvitationMail(params: InvitationMailParams): MailMessage {
  const { language } = params;
  const t = (key: string, values: Record<string, string | number> = {}) => translate(language, key, values);
  const values = {
    sender: params.sender,
    project: params.project,
    role: t(`invitations:roles.${params.role}`),
  };
  const paragraphs = [
    params.name !== null ? t('mail:greeting', { name: params.name }) : undefined,
    `${t('invitations:invitation_mail.body', values)}\n${params.link}`,
    params.name === null ? t('invitations:invitation_mail.register') : undefined,
    t('mail:signature'),
  ].filter((part): part is string => part !== undefined);
  return {
    to: params.to,
    subject: t('mail:invitation.subject', { sender: subjectName(params.sender) }),
    text: paragraphs.join('\n\n') + '\n',
    links: [params.link],
  };
}

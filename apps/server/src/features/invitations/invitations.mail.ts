import type { Language, ProjectRole } from '@teamboard/contract';
import { translate } from '@teamboard/i18n/server';
import type { MailCap } from '../../lib/mail-caps.js';
import { subjectName, type MailMessage } from '../../lib/mailer.js';

/*
 * Invitation mail caps (lib/mail-caps.ts, counted by the mailer): a capped sender is refused with 429
 * before anything is saved; a capped recipient still gets the invitation, in the bell panel, without
 * a mail.
 */
export {
  INVITATION_MAILS_PER_RECIPIENT,
  INVITATION_MAILS_PER_SENDER,
  invitationSenderLimit,
} from '../../lib/mail-caps.js';

interface InvitationMailParams {
  to: string;
  /** The invitee's name when they have an account. */
  name: string | null;
  language: Language;
  sender: string;
  project: string;
  role: ProjectRole;
  link: string;
  /** A single invitation counts against its sender too; a roster import's only against the address. */
  cap: Extract<MailCap, { kind: 'invitation' | 'roster_invitation' }>;
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
    cap: params.cap,
  };
}

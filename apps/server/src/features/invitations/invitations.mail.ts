import type { Language, ProjectRole } from '@teamboard/contract';
import { translate } from '@teamboard/i18n';
import type { MailMessage } from '../../lib/mailer.js';

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

/** The invitation mail, plain text, in the given language. */
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
    subject: t('invitations:invitation_mail.subject', values),
    text: paragraphs.join('\n\n') + '\n',
    links: [params.link],
  };
}

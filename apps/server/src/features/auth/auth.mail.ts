import type { Language } from '@teamboard/contract';
import { translate } from '@teamboard/i18n/server';
import type { MailMessage } from '../../lib/mailer.js';

type Kind = 'confirm' | 'reset' | 'already_registered';

interface MailParams {
  to: string;
  name: string;
  language: Language;
  link: string;
  expiry?: Record<string, number>;
}

/** Composes one of the account mails as plain text in the recipient's language. */
export function composeAccountMail(kind: Kind, params: MailParams): MailMessage {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(params.language, `mail:${key}`, values);
  const paragraphs = [
    t('greeting', { name: params.name }),
    `${t(`${kind}.body`)}\n${params.link}`,
    params.expiry ? t(`${kind}.expires`, params.expiry) : undefined,
    t('signature'),
  ].filter((part): part is string => part !== undefined);
  return {
    to: params.to,
    subject: t(`${kind}.subject`),
    text: paragraphs.join('\n\n') + '\n',
    links: [params.link],
    // Counted by auth.limits.ts mayMail before the mail (and its link) is made.
    cap: { kind: 'account' },
  };
}

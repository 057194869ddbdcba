import type { Language } from '@teamboard/contract';
import { translate } from '@teamboard/i18n';
import { subjectName, type MailMessage } from '../../lib/mailer.js';

interface EvaluationMailParams {
  to: string;
  name: string;
  language: Language;
  sender: string;
  project: string;
  title: string;
  initialDate: string;
  deadline: string;
  link: string;
}

/**
 * "Please answer this evaluation", plain text in the invitee's language. The subject holds no user
 * text but the sender's name, cut short (like the invitation mail).
 */
export function composeEvaluationMail(params: EvaluationMailParams): MailMessage {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(params.language, key, values);
  const body = t('mail:evaluation.body', {
    sender: params.sender,
    title: params.title,
    project: params.project,
    initial_date: params.initialDate,
    deadline: params.deadline,
  });
  return {
    to: params.to,
    subject: t('mail:evaluation.subject', { sender: subjectName(params.sender) }),
    text:
      [t('mail:greeting', { name: params.name }), `${body}\n${params.link}`, t('mail:signature')].join(
        '\n\n',
      ) + '\n',
    links: [params.link],
  };
}

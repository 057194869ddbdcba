import type { Language } from '@teamboard/contract';
import { formatDate, translate } from '@teamboard/i18n/server';
import { plainLine, subjectName, type MailMessage } from '../../lib/mailer.js';

interface EvaluationMailParams {
  to: string;
  name: string;
  language: Language;
  sender: string;
  project: string;
  title: string;
  /** 'YYYY-MM-DD'; the mail writes it in the invitee's language ("2 dic 2026"). */
  initialDate: string;
  /** 'YYYY-MM-DD', as initialDate. */
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
    initial_date: formatDate(params.language, params.initialDate),
    deadline: formatDate(params.language, params.deadline),
  });
  return {
    to: params.to,
    subject: t('mail:evaluation.subject', { sender: subjectName(params.sender) }),
    text:
      [t('mail:greeting', { name: params.name }), `${body}\n${params.link}`, t('mail:signature')].join(
        '\n\n',
      ) + '\n',
    links: [params.link],
    cap: { kind: 'evaluation' },
  };
}

interface EvaluationReminderMailParams {
  to: string;
  name: string;
  language: Language;
  project: string;
  title: string;
  /** 'YYYY-MM-DD'; the mail writes it in the member's language ("2 dic 2026"). */
  deadline: string;
  /** 0: the deadline is today; 1: tomorrow. */
  daysLeft: 0 | 1;
  link: string;
}

/**
 * "The evaluation closes soon and you have not answered", plain text in the member's language. The
 * title is an owner's text: in the subject it is cut short and kept to one line (subjectName).
 */
export function composeEvaluationReminderMail(params: EvaluationReminderMailParams): MailMessage {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(params.language, key, values);
  const deadline = formatDate(params.language, params.deadline);
  const body = t('mail:evaluation_reminder.body', {
    title: plainLine(params.title),
    project: plainLine(params.project),
    deadline,
  });
  const left = t(
    params.daysLeft === 0 ? 'mail:evaluation_reminder.last_day' : 'mail:evaluation_reminder.one_day_left',
  );
  return {
    to: params.to,
    subject: t('mail:evaluation_reminder.subject', {
      title: subjectName(params.title),
      deadline,
    }),
    text:
      [
        t('mail:greeting', { name: plainLine(params.name) }),
        `${body} ${left}`,
        `${t('mail:evaluation_reminder.answer_here')}\n${params.link}`,
        t('mail:signature'),
      ].join('\n\n') + '\n',
    links: [params.link],
    cap: { kind: 'evaluation' },
  };
}

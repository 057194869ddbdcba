import enAssistantEngine from './en/assistant_engine.json';
import enCommon from './en/common.json';
import enCourseOverview from './en/course-overview.json';
import enErrors from './en/errors.json';
import enInvitations from './en/invitations.json';
import enMail from './en/mail.json';
import esAssistantEngine from './es/assistant_engine.json';
import esCommon from './es/common.json';
import esCourseOverview from './es/course-overview.json';
import esErrors from './es/errors.json';
import esInvitations from './es/invitations.json';
import esMail from './es/mail.json';
import type { Namespace } from './index.js';
import { translator } from './translate.js';

/**
 * The server's entry: the namespaces it translates (error messages, mail, the assistant's own
 * texts, the course overview's CSV), not every catalog the web app shows: an idle server held all
 * 64 of them. A server key in any other namespace would read as the key itself: the test
 * apps/server/test/architecture/server-namespaces.test.ts checks the server's keys against this list.
 */
export const SERVER_NAMESPACES = [
  'assistant_engine',
  'common',
  'course-overview',
  'errors',
  'invitations',
  'mail',
] as const satisfies readonly Namespace[];

export const translate = translator({
  en: {
    assistant_engine: enAssistantEngine,
    common: enCommon,
    'course-overview': enCourseOverview,
    errors: enErrors,
    invitations: enInvitations,
    mail: enMail,
  },
  es: {
    assistant_engine: esAssistantEngine,
    common: esCommon,
    'course-overview': esCourseOverview,
    errors: esErrors,
    invitations: esInvitations,
    mail: esMail,
  },
} satisfies Record<'en' | 'es', Record<(typeof SERVER_NAMESPACES)[number], object>>);

export type { CatalogLanguage, Namespace } from './index.js';
export { withPluralForms } from './plural-forms.js';
export * from './format';
export * from './format/parse-date';

import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enMail from './en/mail.json';
import enAuth from './en/auth.json';
import enHome from './en/home.json';
import enProjects from './en/projects.json';
import enProfile from './en/profile.json';
import enAdmin from './en/admin.json';
import enInvitations from './en/invitations.json';
import enFolders from './en/folders.json';
import enMembers from './en/members.json';
import enActivity from './en/activity.json';
import enBoards from './en/boards.json';
import enTasks from './en/tasks.json';
import enMilestones from './en/milestones.json';
import enLabels from './en/labels.json';
import enLessons from './en/lessons.json';
import enCodeHosting from './en/code_hosting.json';
import enReports from './en/reports.json';
import enStandups from './en/standups.json';
import enKnowledge from './en/knowledge.json';
import enEvaluations from './en/evaluations.json';
import enAdminUsers from './en/admin_users.json';
import enMetrics from './en/metrics.json';
import enAssistant from './en/assistant.json';
import enAssistantEngine from './en/assistant_engine.json';
import enTerms from './en/terms.json';
import enOidc from './en/oidc.json';
import enFairness from './en/fairness.json';
import enHourSignals from './en/hour-signals.json';
import enCourseOverview from './en/course-overview.json';
import enCourseTemplates from './en/course-templates.json';
import esCommon from './es/common.json';
import esErrors from './es/errors.json';
import esMail from './es/mail.json';
import esAuth from './es/auth.json';
import esHome from './es/home.json';
import esProjects from './es/projects.json';
import esProfile from './es/profile.json';
import esAdmin from './es/admin.json';
import esInvitations from './es/invitations.json';
import esFolders from './es/folders.json';
import esMembers from './es/members.json';
import esActivity from './es/activity.json';
import esBoards from './es/boards.json';
import esTasks from './es/tasks.json';
import esMilestones from './es/milestones.json';
import esLabels from './es/labels.json';
import esLessons from './es/lessons.json';
import esCodeHosting from './es/code_hosting.json';
import esReports from './es/reports.json';
import esStandups from './es/standups.json';
import esKnowledge from './es/knowledge.json';
import esEvaluations from './es/evaluations.json';
import esAdminUsers from './es/admin_users.json';
import esMetrics from './es/metrics.json';
import esAssistant from './es/assistant.json';
import esAssistantEngine from './es/assistant_engine.json';
import esTerms from './es/terms.json';
import esOidc from './es/oidc.json';
import esFairness from './es/fairness.json';
import esHourSignals from './es/hour-signals.json';
import esCourseOverview from './es/course-overview.json';
import esCourseTemplates from './es/course-templates.json';
import { withPluralForms } from './plural-forms.js';
import { translator } from './translate.js';

/**
 * The en and es catalogs, one JSON file per domain (namespace). The web app feeds these to
 * i18next; the server uses `translate` for error messages and mail.
 */
export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    mail: enMail,
    auth: enAuth,
    home: enHome,
    projects: enProjects,
    profile: enProfile,
    admin: enAdmin,
    invitations: enInvitations,
    folders: enFolders,
    members: enMembers,
    activity: enActivity,
    boards: enBoards,
    tasks: enTasks,
    milestones: enMilestones,
    labels: enLabels,
    lessons: enLessons,
    code_hosting: enCodeHosting,
    reports: enReports,
    standups: enStandups,
    knowledge: enKnowledge,
    evaluations: enEvaluations,
    admin_users: enAdminUsers,
    metrics: enMetrics,
    assistant: enAssistant,
    assistant_engine: enAssistantEngine,
    terms: enTerms,
    oidc: enOidc,
    fairness: enFairness,
    'hour-signals': enHourSignals,
    'course-overview': enCourseOverview,
    'course-templates': enCourseTemplates,
  },
  es: {
    common: esCommon,
    errors: esErrors,
    mail: esMail,
    auth: esAuth,
    home: esHome,
    projects: esProjects,
    profile: esProfile,
    admin: esAdmin,
    invitations: esInvitations,
    folders: esFolders,
    members: esMembers,
    activity: esActivity,
    boards: esBoards,
    tasks: esTasks,
    milestones: esMilestones,
    labels: esLabels,
    lessons: esLessons,
    code_hosting: esCodeHosting,
    reports: esReports,
    standups: esStandups,
    knowledge: esKnowledge,
    evaluations: esEvaluations,
    admin_users: esAdminUsers,
    metrics: esMetrics,
    assistant: esAssistant,
    assistant_engine: esAssistantEngine,
    terms: esTerms,
    oidc: esOidc,
    fairness: esFairness,
    'hour-signals': esHourSignals,
    'course-overview': esCourseOverview,
    'course-templates': esCourseTemplates,
  },
} as const;

export type CatalogLanguage = keyof typeof resources;
export type Namespace = keyof (typeof resources)['en'];
type CatalogLoader = () => Promise<{ default: object }>;

/**
 * The same catalogs one by one, for a client that fetches only what it shows (the web app): a
 * bundler makes each import its own chunk. The server keeps using `resources`.
 */
const catalogLoaders = {
  en: {
    common: () => import('./en/common.json'),
    errors: () => import('./en/errors.json'),
    mail: () => import('./en/mail.json'),
    auth: () => import('./en/auth.json'),
    home: () => import('./en/home.json'),
    projects: () => import('./en/projects.json'),
    profile: () => import('./en/profile.json'),
    admin: () => import('./en/admin.json'),
    invitations: () => import('./en/invitations.json'),
    folders: () => import('./en/folders.json'),
    members: () => import('./en/members.json'),
    activity: () => import('./en/activity.json'),
    boards: () => import('./en/boards.json'),
    tasks: () => import('./en/tasks.json'),
    milestones: () => import('./en/milestones.json'),
    labels: () => import('./en/labels.json'),
    lessons: () => import('./en/lessons.json'),
    code_hosting: () => import('./en/code_hosting.json'),
    reports: () => import('./en/reports.json'),
    standups: () => import('./en/standups.json'),
    knowledge: () => import('./en/knowledge.json'),
    evaluations: () => import('./en/evaluations.json'),
    admin_users: () => import('./en/admin_users.json'),
    metrics: () => import('./en/metrics.json'),
    assistant: () => import('./en/assistant.json'),
    assistant_engine: () => import('./en/assistant_engine.json'),
    terms: () => import('./en/terms.json'),
    oidc: () => import('./en/oidc.json'),
    fairness: () => import('./en/fairness.json'),
    'hour-signals': () => import('./en/hour-signals.json'),
    'course-overview': () => import('./en/course-overview.json'),
    'course-templates': () => import('./en/course-templates.json'),
  },
  es: {
    common: () => import('./es/common.json'),
    errors: () => import('./es/errors.json'),
    mail: () => import('./es/mail.json'),
    auth: () => import('./es/auth.json'),
    home: () => import('./es/home.json'),
    projects: () => import('./es/projects.json'),
    profile: () => import('./es/profile.json'),
    admin: () => import('./es/admin.json'),
    invitations: () => import('./es/invitations.json'),
    folders: () => import('./es/folders.json'),
    members: () => import('./es/members.json'),
    activity: () => import('./es/activity.json'),
    boards: () => import('./es/boards.json'),
    tasks: () => import('./es/tasks.json'),
    milestones: () => import('./es/milestones.json'),
    labels: () => import('./es/labels.json'),
    lessons: () => import('./es/lessons.json'),
    code_hosting: () => import('./es/code_hosting.json'),
    reports: () => import('./es/reports.json'),
    standups: () => import('./es/standups.json'),
    knowledge: () => import('./es/knowledge.json'),
    evaluations: () => import('./es/evaluations.json'),
    admin_users: () => import('./es/admin_users.json'),
    metrics: () => import('./es/metrics.json'),
    assistant: () => import('./es/assistant.json'),
    assistant_engine: () => import('./es/assistant_engine.json'),
    terms: () => import('./es/terms.json'),
    oidc: () => import('./es/oidc.json'),
    fairness: () => import('./es/fairness.json'),
    'hour-signals': () => import('./es/hour-signals.json'),
    'course-overview': () => import('./es/course-overview.json'),
    'course-templates': () => import('./es/course-templates.json'),
  },
} satisfies Record<CatalogLanguage, Record<Namespace, CatalogLoader>>;

// From the loaders, not `resources`: reading the list must not pull every catalog into a bundle.
export const NAMESPACES = Object.keys(catalogLoaders.en) as Namespace[];

/** One namespace of one language, as `resources[language][namespace]` holds it. */
export async function loadCatalog(language: CatalogLanguage, namespace: Namespace): Promise<object> {
  return withPluralForms(language, (await catalogLoaders[language][namespace]()).default);
}

/**
 * Translates `namespace:dotted.key` over every catalog (translate.ts). The server translates with
 * `@teamboard/i18n/server` instead, over the namespaces it uses.
 */
export const translate = translator(resources);

export { withPluralForms } from './plural-forms.js';
export * from './format';
export * from './format/parse-date';

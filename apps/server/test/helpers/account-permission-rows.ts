import { PASSWORD } from './factories.js';
import type { Method } from './projects.js';
import { ADMIN_USERS_ROWS } from './admin-users.js';
import type { AssistantFixture } from './assistant.js';
import { COURSE_TEMPLATE, oneStudentRoster } from './course-templates.js';

/**
 * The permission-matrix rows of the /api routes that do not act on a project (policies 'public',
 * 'signed_link' and 'signed_in'); test/api/account-permissions.test.ts runs them, test/api/permissions.test.ts
 * checks that these rows and its own cover every registered route.
 */
export const ACCOUNT_ACTORS = ['signed_out', 'user', 'teacher', 'admin', 'blocked'] as const;
export type AccountActor = (typeof ACCOUNT_ACTORS)[number];

/**
 * 'own': the actor's own folder, or a valid link; 'foreign': another user's folder, or a link whose
 * key or signature was tampered with.
 */
export type Whose = 'own' | 'foreign';

export interface AccountContext {
  ownFolderId: number;
  otherFolderId: number;
  /** Unused by any account, different on every case (sign-up, mail limits). */
  uniqueEmail: string;
  avatarPath: string;
  attachmentPath: string;
  /**
   * Knowledge forms made for the case: 'own' is the teacher's, open to everyone; 'foreign' is
   * another account's, for a section nobody is in.
   */
  knowledge: Record<Whose, { id: number; itemIds: number[] }>;
  /** A new unconfirmed admin account for the case (helpers/admin-users.ts): any dashboard action fits it. */
  dashboardTarget: { id: number; email: string };
  /** Assistant conversations made for the case: 'own' is the actor's, 'foreign' another user's. */
  assistant: Record<Whose, AssistantFixture>;
  /** The signed preview link of the own conversation's code answer. */
  previewPath: string;
  /** Course templates made for the case: 'own' is the teacher's, 'foreign' another teacher's. */
  courseTemplates: Record<Whose, number>;
  /** Another user's public project, which teachers and admins can see (a template's source). */
  publicProjectId: number;
}

export interface AccountRow {
  method: Method | 'HEAD';
  route: string;
  request(c: AccountContext, whose: Whose): { url: string; payload?: object; multipart?: boolean };
  /** The call ends the session it is made with: the case signs in again first. */
  endsSession?: boolean;
  expected: { own: Record<AccountActor, number>; foreign?: Record<AccountActor, number> };
}

const everyone = (status: number): Record<AccountActor, number> => ({
  signed_out: status,
  user: status,
  teacher: status,
  admin: status,
  blocked: status,
});
/** 'signed_in': 401 signed out or blocked, `status` for anyone else (teacher and admin included). */
const signedIn = (status: number): Record<AccountActor, number> => ({
  ...everyone(status),
  signed_out: 401,
  blocked: 401,
});
const PUBLIC = (status: number) => ({ own: everyone(status) });
/** 'admin': an administrator; any other account 403. */
const ADMIN = (status: number) => ({ own: { ...signedIn(403), admin: status } });
const SIGNED_IN = (status: number) => ({ own: signedIn(status) });
/** 'staff': teachers and admins; a user 403. A form: the teacher's own, or another's (teacher 404). */
const STAFF = (status: number) => ({ own: { ...signedIn(403), teacher: status, admin: status } });
const STAFF_FORM = (status: number) => ({
  own: { ...signedIn(403), teacher: status, admin: status },
  foreign: { ...signedIn(403), teacher: 404, admin: status },
});
const KNOWLEDGE_FORM = {
  title: 'Tools',
  opens_on: '2026-11-22',
  closes_on: '2026-11-30',
  items: [{ name: 'Git' }],
};
/** On another user's folder: 404 for every account type, as if it did not exist. */
const OWN_FOLDER = (status: number) => ({ own: signedIn(status), foreign: signedIn(404) });
/** A link answers anyone who has it; a tampered one answers 404 to anyone. */
const LINK = { own: everyone(200), foreign: everyone(404) };

/** On another user's conversation: 404 for every account type, as if it did not exist. */
const OWN_CONVERSATION = OWN_FOLDER;
const conversationOf = (c: AccountContext, whose: Whose) => c.assistant[whose].conversationId;
const batchOf = (c: AccountContext, whose: Whose) => c.assistant[whose].batchId;
const ASSISTANT_SETTINGS = {
  slots: { tip1: 1, tip2: 0, tip3: 2 },
  imageEngine: 'ocr',
  openai: { baseUrl: '', model: '', vision: false },
  anthropic: { baseUrl: '', model: '', vision: false },
};

/** The assistant (docs/api-assistant.md): conversations and batches are their owner's alone. */
const ASSISTANT_ROWS: AccountRow[] = [
  {
    method: 'GET',
    route: '/api/assistant/conversations',
    request: () => ({ url: '/api/assistant/conversations' }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversations',
    request: () => ({ url: '/api/assistant/conversations', payload: {} }),
    expected: SIGNED_IN(201),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversation',
    request: () => ({ url: '/api/assistant/conversation/', payload: {} }),
    expected: SIGNED_IN(201),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversation/all',
    request: () => ({ url: '/api/assistant/conversation/all', payload: {} }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'GET',
    route: '/api/assistant/conversations/:id/messages',
    request: (c, whose) => ({ url: `/api/assistant/conversations/${conversationOf(c, whose)}/messages` }),
    expected: OWN_CONVERSATION(200),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversation/messages/withModels',
    request: (c, whose) => ({
      url: '/api/assistant/conversation/messages/withModels',
      payload: { conversationId: conversationOf(c, whose) },
    }),
    expected: OWN_CONVERSATION(200),
  },
  {
    method: 'PATCH',
    route: '/api/assistant/conversations/:id',
    request: (c, whose) => ({
      url: `/api/assistant/conversations/${conversationOf(c, whose)}`,
      payload: { title: 'Renamed' },
    }),
    expected: OWN_CONVERSATION(200),
  },
  {
    method: 'PUT',
    route: '/api/assistant/conversation/title',
    request: (c, whose) => ({
      url: '/api/assistant/conversation/title',
      payload: { id: conversationOf(c, whose), title: 'Renamed' },
    }),
    expected: OWN_CONVERSATION(200),
  },
  {
    method: 'DELETE',
    route: '/api/assistant/conversations/:id',
    request: (c, whose) => ({ url: `/api/assistant/conversations/${conversationOf(c, whose)}` }),
    expected: OWN_CONVERSATION(204),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversation/delete',
    request: (c, whose) => ({
      url: '/api/assistant/conversation/delete',
      payload: { conversationId: conversationOf(c, whose) },
    }),
    expected: OWN_CONVERSATION(204),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversations/:id/responses',
    request: (c, whose) => ({
      url: `/api/assistant/conversations/${conversationOf(c, whose)}/responses`,
      payload: { prompt: 'How do we split a user story?' },
    }),
    expected: OWN_CONVERSATION(200),
  },
  {
    method: 'POST',
    route: '/api/assistant/chatbot/response',
    request: (c, whose) => ({
      url: '/api/assistant/chatbot/response',
      payload: { conversationId: conversationOf(c, whose), prompt: 'How do we split a user story?' },
    }),
    expected: OWN_CONVERSATION(200),
  },
  {
    method: 'PATCH',
    route: '/api/assistant/batches/:id',
    request: (c, whose) => ({
      url: `/api/assistant/batches/${batchOf(c, whose)}`,
      payload: { chosenModel: 'tip1' },
    }),
    expected: OWN_CONVERSATION(200),
  },
  {
    method: 'PATCH',
    route: '/api/assistant/conversation/messageBatch',
    request: (c, whose) => ({
      url: '/api/assistant/conversation/messageBatch',
      payload: { messageBatchId: batchOf(c, whose), chosenModel: 'GPT_4o' },
    }),
    expected: OWN_CONVERSATION(200),
  },
  {
    method: 'POST',
    route: '/api/assistant/batches/:id/dislike',
    request: (c, whose) => ({ url: `/api/assistant/batches/${batchOf(c, whose)}/dislike` }),
    expected: OWN_CONVERSATION(200),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversation/dislike',
    request: (c, whose) => ({
      url: '/api/assistant/conversation/dislike',
      payload: { messageBatchId: batchOf(c, whose) },
    }),
    expected: OWN_CONVERSATION(200),
  },
  {
    method: 'POST',
    route: '/api/assistant/batches/:id/feedback',
    request: (c, whose) => ({
      url: `/api/assistant/batches/${batchOf(c, whose)}/feedback`,
      payload: { helpful: true },
    }),
    expected: OWN_CONVERSATION(200),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversation/feedback',
    request: (c, whose) => ({
      url: '/api/assistant/conversation/feedback',
      payload: { messageBatchId: batchOf(c, whose), helpful: false },
    }),
    expected: OWN_CONVERSATION(200),
  },
  {
    method: 'POST',
    route: '/api/lessons/create',
    request: () => ({
      url: '/api/lessons/create',
      payload: { question: 'Q?', answer: 'A.', source: 'tip1' },
    }),
    expected: SIGNED_IN(201),
  },
  {
    method: 'GET',
    route: '/api/assistant/engines',
    request: () => ({ url: '/api/assistant/engines' }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'POST',
    route: '/api/assistant/user',
    request: () => ({ url: '/api/assistant/user/', payload: { os: 'linux' } }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'GET',
    route: '/api/admin/assistant',
    request: () => ({ url: '/api/admin/assistant' }),
    expected: ADMIN(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/assistant',
    request: () => ({ url: '/api/admin/assistant', payload: ASSISTANT_SETTINGS }),
    expected: ADMIN(200),
  },
  {
    method: 'GET',
    route: '/api/assistant/previews/:key',
    request: (c, whose) => ({ url: whose === 'own' ? c.previewPath : tamper(c.previewPath) }),
    expected: LINK,
  },
];

const tamper = (path: string) => path.replace(/[0-9a-f](?=[^/]*$)/, (digit) => (digit === '0' ? '1' : '0'));

export const ACCOUNT_ROWS: AccountRow[] = [
  {
    method: 'GET',
    route: '/api/lessons/search',
    request: () => ({ url: '/api/lessons/search?q=git&tags=git&language=en&page=1&page_size=5' }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'GET',
    route: '/api/lessons/mine',
    request: () => ({ url: '/api/lessons/mine' }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'GET',
    route: '/api/me/evaluations',
    request: () => ({ url: '/api/me/evaluations' }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'GET',
    route: '/api/lesson_tags',
    request: () => ({ url: '/api/lesson_tags?q=gi' }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'GET',
    route: '/api/lessons/review',
    request: () => ({ url: '/api/lessons/review?state=hidden' }),
    expected: ADMIN(200),
  },
  {
    method: 'GET',
    route: '/api/lessons/review/count',
    request: () => ({ url: '/api/lessons/review/count' }),
    expected: ADMIN(200),
  },
  {
    method: 'GET',
    route: '/api/dashboard/metrics',
    request: () => ({
      url: '/api/dashboard/metrics?start_date=2026-11-01&end_date=2026-11-22&interval=week',
    }),
    expected: STAFF(200),
  },
  {
    method: 'GET',
    route: '/api/dashboard/course_overview',
    request: () => ({ url: '/api/dashboard/course_overview?sort=hours_week&direction=desc' }),
    expected: STAFF(200),
  },
  {
    method: 'GET',
    route: '/api/dashboard/course_overview.csv',
    request: () => ({ url: '/api/dashboard/course_overview.csv' }),
    expected: STAFF(200),
  },
  {
    method: 'GET',
    route: '/api/knowledge_forms',
    request: () => ({ url: '/api/knowledge_forms' }),
    expected: STAFF(200),
  },
  {
    method: 'POST',
    route: '/api/knowledge_forms',
    request: () => ({ url: '/api/knowledge_forms', payload: KNOWLEDGE_FORM }),
    expected: STAFF(201),
  },
  {
    method: 'GET',
    route: '/api/knowledge_forms/:id',
    request: (c, whose) => ({ url: `/api/knowledge_forms/${c.knowledge[whose].id}` }),
    expected: STAFF_FORM(200),
  },
  {
    method: 'PUT',
    route: '/api/knowledge_forms/:id',
    request: (c, whose) => ({
      url: `/api/knowledge_forms/${c.knowledge[whose].id}`,
      payload: KNOWLEDGE_FORM,
    }),
    expected: STAFF_FORM(200),
  },
  {
    method: 'DELETE',
    route: '/api/knowledge_forms/:id',
    request: (c, whose) => ({ url: `/api/knowledge_forms/${c.knowledge[whose].id}` }),
    expected: STAFF_FORM(204),
  },
  {
    method: 'GET',
    route: '/api/knowledge_forms/:id/answers',
    request: (c, whose) => ({ url: `/api/knowledge_forms/${c.knowledge[whose].id}/answers?section=A` }),
    expected: STAFF_FORM(200),
  },
  {
    method: 'GET',
    route: '/api/me/knowledge_forms',
    request: () => ({ url: '/api/me/knowledge_forms' }),
    expected: SIGNED_IN(200),
  },
  {
    // Outside the form's audience (the 'foreign' one): 404, as if it did not exist.
    method: 'PUT',
    route: '/api/me/knowledge_forms/:id/answers',
    request: (c, whose) => ({
      url: `/api/me/knowledge_forms/${c.knowledge[whose].id}/answers`,
      payload: { answers: c.knowledge[whose].itemIds.map((item_id) => ({ item_id, rating: 4 })) },
    }),
    expected: { own: signedIn(200), foreign: signedIn(404) },
  },
  // Course templates (docs/api-course-templates.md): 'staff', a teacher's own or any for an admin.
  {
    method: 'GET',
    route: '/api/course_templates',
    request: () => ({ url: '/api/course_templates' }),
    expected: STAFF(200),
  },
  {
    method: 'POST',
    route: '/api/course_templates',
    request: () => ({ url: '/api/course_templates', payload: COURSE_TEMPLATE }),
    expected: STAFF(201),
  },
  {
    method: 'POST',
    route: '/api/course_templates/from_project',
    request: (c) => ({
      url: '/api/course_templates/from_project',
      payload: { project_id: c.publicProjectId },
    }),
    expected: STAFF(201),
  },
  {
    method: 'GET',
    route: '/api/course_templates/:id',
    request: (c, whose) => ({ url: `/api/course_templates/${c.courseTemplates[whose]}` }),
    expected: STAFF_FORM(200),
  },
  {
    method: 'PUT',
    route: '/api/course_templates/:id',
    request: (c, whose) => ({
      url: `/api/course_templates/${c.courseTemplates[whose]}`,
      payload: COURSE_TEMPLATE,
    }),
    expected: STAFF_FORM(200),
  },
  {
    method: 'DELETE',
    route: '/api/course_templates/:id',
    request: (c, whose) => ({ url: `/api/course_templates/${c.courseTemplates[whose]}` }),
    expected: STAFF_FORM(204),
  },
  {
    method: 'POST',
    route: '/api/course_templates/:id/roster',
    request: (c, whose) => ({
      url: `/api/course_templates/${c.courseTemplates[whose]}/roster`,
      payload: { csv: oneStudentRoster(c.uniqueEmail) },
    }),
    expected: STAFF_FORM(200),
  },
  ...ADMIN_USERS_ROWS,
  ...ASSISTANT_ROWS,
  // The dashboard's Jobs tab (docs/jobs.md).
  {
    method: 'GET',
    route: '/api/admin/jobs',
    request: () => ({ url: '/api/admin/jobs' }),
    expected: ADMIN(200),
  },
  {
    // No job has failed in these cases: an admin gets through the policy to the 404.
    method: 'POST',
    route: '/api/admin/jobs/:id/retry',
    request: () => ({ url: '/api/admin/jobs/999999/retry' }),
    expected: ADMIN(404),
  },
  { method: 'GET', route: '/api/health', request: () => ({ url: '/api/health' }), expected: PUBLIC(200) },
  {
    method: 'GET',
    route: '/api/health/live',
    request: () => ({ url: '/api/health/live' }),
    expected: PUBLIC(200),
  },
  {
    method: 'GET',
    route: '/api/health/ready',
    request: () => ({ url: '/api/health/ready' }),
    expected: PUBLIC(200),
  },
  {
    method: 'GET',
    route: '/api/code_hosting/config',
    request: () => ({ url: '/api/code_hosting/config' }),
    expected: SIGNED_IN(200),
  },
  {
    // The delivery's signature is its credential (test/code-hosting*.test.ts try right and wrong ones);
    // here: no repository answers 404 to anyone, signed in or not.
    method: 'POST',
    route: '/api/code_hosting/webhooks/:id',
    request: () => ({ url: '/api/code_hosting/webhooks/987654', payload: { ref: 'refs/heads/main' } }),
    expected: PUBLIC(404),
  },
  { method: 'GET', route: '/api/config', request: () => ({ url: '/api/config' }), expected: PUBLIC(200) },
  // Sign-in with OpenID Connect is public; this app has no provider configured, so every route
  // answers 404 OIDC_NOT_CONFIGURED (test/features/oidc/oidc.test.ts runs them against a loopback provider).
  ...(
    [
      ['GET', '/api/auth/oidc/authorize', undefined],
      ['GET', '/api/auth/oidc/callback', undefined],
      ['POST', '/api/auth/oidc/exchange', { code: 'x' }],
      ['POST', '/api/auth/oidc/sign_up', { code: 'x', terms_accepted: true }],
      ['POST', '/api/google_oauth2/callback', { accessToken: 'x', url: 'y' }],
    ] as const
  ).map(([method, route, payload]) => ({
    method,
    route,
    request: () => ({ url: route, ...(payload ? { payload } : {}) }),
    expected: PUBLIC(404),
  })),
  {
    method: 'POST',
    route: '/api/auth',
    request: (c) => ({
      url: '/api/auth',
      payload: {
        name: 'New Student',
        email: c.uniqueEmail,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms_accepted: true,
      },
    }),
    expected: PUBLIC(201),
  },
  {
    method: 'POST',
    route: '/api/auth/sign_in',
    request: () => ({
      url: '/api/auth/sign_in',
      payload: { email: 'walker@uni.example', password: PASSWORD },
    }),
    expected: PUBLIC(200),
  },
  {
    method: 'DELETE',
    route: '/api/auth/sign_out',
    request: () => ({ url: '/api/auth/sign_out' }),
    endsSession: true,
    expected: SIGNED_IN(204),
  },
  {
    method: 'GET',
    route: '/api/auth/validate_token',
    request: () => ({ url: '/api/auth/validate_token' }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'PUT',
    route: '/api/auth',
    request: () => ({ url: '/api/auth', payload: { name: 'Renamed Person' } }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'POST',
    route: '/api/users/confirm',
    // A token nobody was sent: refused the same way whoever asks.
    request: () => ({ url: '/api/users/confirm', payload: { confirmation_token: 'a'.repeat(43) } }),
    expected: PUBLIC(422),
  },
  {
    method: 'POST',
    route: '/api/users/forgot',
    request: (c) => ({ url: '/api/users/forgot', payload: { email: c.uniqueEmail } }),
    expected: PUBLIC(202),
  },
  {
    method: 'POST',
    route: '/api/users/resend',
    request: (c) => ({ url: '/api/users/resend', payload: { email: c.uniqueEmail } }),
    expected: PUBLIC(202),
  },
  {
    method: 'POST',
    route: '/api/users/:token/reset',
    request: () => ({
      url: `/api/users/${'b'.repeat(43)}/reset`,
      payload: { password: 'another long password', password_confirmation: 'another long password' },
    }),
    expected: PUBLIC(422),
  },
  {
    method: 'POST',
    route: '/api/users/image',
    request: () => ({ url: '/api/users/image', multipart: true }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'DELETE',
    route: '/api/users/image',
    request: () => ({ url: '/api/users/image' }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'GET',
    route: '/api/files/avatars/:key',
    request: (c, whose) => ({ url: whose === 'own' ? c.avatarPath : tamper(c.avatarPath) }),
    expected: LINK,
  },
  {
    method: 'GET',
    route: '/api/folders',
    request: () => ({ url: '/api/folders' }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'POST',
    route: '/api/folders',
    request: () => ({ url: '/api/folders', payload: { name: 'Spring' } }),
    expected: SIGNED_IN(201),
  },
  {
    method: 'PUT',
    route: '/api/folders/:id',
    request: (c, whose) => ({
      url: `/api/folders/${whose === 'own' ? c.ownFolderId : c.otherFolderId}`,
      payload: { name: 'Renamed' },
    }),
    expected: OWN_FOLDER(200),
  },
  {
    method: 'DELETE',
    route: '/api/folders/:id',
    request: (c, whose) => ({ url: `/api/folders/${whose === 'own' ? c.ownFolderId : c.otherFolderId}` }),
    expected: OWN_FOLDER(204),
  },
  {
    method: 'GET',
    route: '/api/projects',
    request: () => ({ url: '/api/projects' }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'POST',
    route: '/api/projects',
    request: () => ({ url: '/api/projects', payload: { name: 'Mine' } }),
    expected: SIGNED_IN(201),
  },
  {
    method: 'GET',
    route: '/api/project_invitations',
    request: () => ({ url: '/api/project_invitations' }),
    expected: SIGNED_IN(200),
  },

  {
    method: 'GET',
    route: '/api/activity',
    request: () => ({ url: '/api/activity' }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'GET',
    route: '/api/files/attachments/:key',
    request: (c, whose) => ({
      url:
        whose === 'own'
          ? c.attachmentPath
          : c.attachmentPath.replace(/signature=[^&]+/, `signature=${'0'.repeat(43)}`),
    }),
    expected: LINK,
  },
  {
    method: 'GET',
    route: '/api/auth/confirmation',
    // The mail's confirmation page is the web app's; the test app has none built, hence 404.
    request: () => ({ url: '/api/auth/confirmation' }),
    expected: PUBLIC(404),
  },
  // Terms and conditions (docs/api-terms.md). The shared app must never get a version 2 (everyone
  // would then be refused until accepting): publishing comes before any draft exists, hence 409.
  {
    method: 'GET',
    route: '/api/terms/current',
    request: () => ({ url: '/api/terms/current' }),
    expected: PUBLIC(200),
  },
  {
    method: 'POST',
    route: '/api/terms/draft/publish',
    request: () => ({ url: '/api/terms/draft/publish' }),
    expected: ADMIN(409),
  },
  {
    method: 'GET',
    route: '/api/terms/versions',
    request: () => ({ url: '/api/terms/versions' }),
    expected: ADMIN(200),
  },
  {
    method: 'PUT',
    route: '/api/terms/draft',
    request: () => ({ url: '/api/terms/draft', payload: { body_en: '# Terms', body_es: '# Términos' } }),
    expected: ADMIN(200),
  },
  {
    method: 'DELETE',
    route: '/api/terms/draft',
    request: () => ({ url: '/api/terms/draft' }),
    expected: ADMIN(204),
  },
  {
    method: 'GET',
    route: '/api/terms/acceptance',
    request: () => ({ url: '/api/terms/acceptance' }),
    expected: SIGNED_IN(200),
  },
  {
    method: 'POST',
    route: '/api/terms/acceptance',
    request: () => ({ url: '/api/terms/acceptance', payload: { version: 1 } }),
    expected: SIGNED_IN(200),
  },
];

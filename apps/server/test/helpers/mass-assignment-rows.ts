import type { BoardFixture } from './boards.js';
import { PASSWORD } from './factories.js';
import { ADMIN_USERS_WRITE_ROWS } from './admin-users.js';
import type { AssistantFixture } from './assistant.js';
import { COURSE_TEMPLATE, oneStudentRoster } from './course-templates.js';

/** What a write route's valid request needs; `fresh` makes a resource a call may use up. */
export interface WriteContext {
  f: BoardFixture & { projectId: number };
  walkerFolderId: number;
  memberId: number;
  inviteeFolderId: number;
  fresh: {
    /** A pending invitation of the invitee to a new project. */
    invitationId(): Promise<number>;
    /** An address nobody has used yet. */
    email(): string;
    /** The confirmation token of a new, unconfirmed account. */
    confirmationToken(): Promise<string>;
    /** An unconfirmed account's address (resend) and a reset token of the walker's account. */
    unconfirmedEmail(): Promise<string>;
    resetToken(): Promise<string>;
    /** A lesson written by the member and sent for approval, or already approved. */
    pendingLessonId(): Promise<number>;
    /** A GitLab repository the owner linked, and its webhook secret. */
    repository(): Promise<{ id: number; secret: string }>;
    /** The signed OAuth state of a GitHub repository waiting for its owner's consent. */
    githubOauthState(): Promise<string>;
    publishedLessonId(): Promise<number>;
    /** A new project of the owner's where the member is a member and has no stand-up yet. */
    standupProjectId(): Promise<number>;
    /** Today's stand-up of the member, in a new project. */
    standupId(): Promise<number>;
    /**
     * An evaluation of the owner's in the fixture's project, for the member and the viewer:
     * a draft, or sent and active today.
     */
    evaluationId(state: 'draft' | 'sent'): Promise<number>;
    /** An open knowledge form for everyone, made by the admin (who manages it too). */
    knowledgeForm(): Promise<{ id: number; itemIds: number[] }>;
    /** A new account of its own (a dashboard action's target), unconfirmed when asked. */
    account(options?: { isConfirmed?: boolean }): Promise<{ id: number; email: string }>;
    /**
     * A draft of the next terms version, every account counting as having accepted it already (so
     * publishing it locks no fixture account out); answers the current version.
     */
    termsDraft(): Promise<number>;
    /** A live one-time code of the OIDC callback: the walker's, or a new person's (finish sign-up). */
    oidcCode(kind: 'walker' | 'new'): Promise<string>;
    /** An access token of the loopback OIDC provider, issued to this app, for the walker. */
    oidcAccessToken(): Promise<string>;
    /** A conversation of the walker's with one answered question (helpers/assistant.ts). */
    assistantConversation(): Promise<AssistantFixture>;
    /** A background job that gave up (the dashboard's Jobs tab retries it). */
    failedJobId(): Promise<number>;
    /** A course template of the admin's (docs/api-course-templates.md). */
    courseTemplate(): Promise<number>;
  };
}

export interface WriteRow {
  method: 'POST' | 'PUT' | 'PATCH';
  route: string;
  request(c: WriteContext): Promise<{
    url: string;
    payload: Record<string, unknown>;
    multipart?: 'avatar' | 'attachment';
    /** Headers the call's credential travels in (a webhook's secret token). */
    headers?: Record<string, string>;
  }>;
  /** Fields of this route's own input, which the client legitimately sets here. */
  clientFields?: readonly string[];
}

/** A valid project evaluation of the member (docs/api-evaluations.md); dates in the test clock's week. */
export const evaluationInput = (memberIds: number[]) => ({
  title: 'Sprint 1 retrospective',
  description: 'How did the sprint go?',
  type: 'project',
  initial_date: '2026-11-22',
  deadline: '2026-11-29',
  member_ids: memberIds,
  questions: [{ kind: 'scale', text: 'How well did we plan?' }],
});

/** A valid stand-up (docs/api-standups.md). */
export const STANDUP = { did: 'Set up CI', will_do: 'Write tests', hours: 3, stress: 2, feeling: 4 };

/** A valid knowledge form (docs/api-knowledge-forms.md). */
const KNOWLEDGE_FORM = {
  title: 'Tools',
  opens_on: '2026-11-22',
  closes_on: '2026-11-30',
  items: [{ name: 'Git' }, { name: 'SQL' }],
};

const sync =
  (url: (c: WriteContext) => string, payload: Record<string, unknown> = {}) =>
  async (c: WriteContext) => ({ url: url(c), payload });

const conversation = async (c: WriteContext) => (await c.fresh.assistantConversation()).conversationId;
const batch = async (c: WriteContext) => (await c.fresh.assistantConversation()).batchId;

/** The assistant's writes (docs/api-assistant.md), each on a fresh conversation of the walker's. */
const ASSISTANT_WRITE_ROWS: WriteRow[] = [
  {
    method: 'POST',
    route: '/api/assistant/conversations',
    request: sync(() => '/api/assistant/conversations', {}),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversation',
    request: sync(() => '/api/assistant/conversation/', {}),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversation/all',
    request: sync(() => '/api/assistant/conversation/all', {}),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversation/messages/withModels',
    request: async (c) => ({
      url: '/api/assistant/conversation/messages/withModels',
      payload: { conversationId: await conversation(c) },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/assistant/conversations/:id',
    request: async (c) => ({
      url: `/api/assistant/conversations/${await conversation(c)}`,
      payload: { title: 'New' },
    }),
  },
  {
    method: 'PUT',
    route: '/api/assistant/conversation/title',
    request: async (c) => ({
      url: '/api/assistant/conversation/title',
      payload: { id: await conversation(c), title: 'New' },
    }),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversation/delete',
    request: async (c) => ({
      url: '/api/assistant/conversation/delete',
      payload: { conversationId: await conversation(c) },
    }),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversations/:id/responses',
    request: async (c) => ({
      url: `/api/assistant/conversations/${await conversation(c)}/responses`,
      payload: { prompt: 'How do we estimate?' },
    }),
  },
  {
    method: 'POST',
    route: '/api/assistant/chatbot/response',
    request: async (c) => ({
      url: '/api/assistant/chatbot/response',
      payload: { conversationId: await conversation(c), prompt: 'How do we estimate?' },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/assistant/batches/:id',
    request: async (c) => ({
      url: `/api/assistant/batches/${await batch(c)}`,
      payload: { chosenModel: 'tip1' },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/assistant/conversation/messageBatch',
    request: async (c) => ({
      url: '/api/assistant/conversation/messageBatch',
      payload: { messageBatchId: await batch(c), chosenModel: 'tip1' },
    }),
  },
  {
    method: 'POST',
    route: '/api/assistant/batches/:id/dislike',
    request: async (c) => ({ url: `/api/assistant/batches/${await batch(c)}/dislike`, payload: {} }),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversation/dislike',
    request: async (c) => ({
      url: '/api/assistant/conversation/dislike',
      payload: { messageBatchId: await batch(c) },
    }),
  },
  {
    method: 'POST',
    route: '/api/assistant/batches/:id/feedback',
    request: async (c) => ({
      url: `/api/assistant/batches/${await batch(c)}/feedback`,
      payload: { helpful: true },
    }),
  },
  {
    method: 'POST',
    route: '/api/assistant/conversation/feedback',
    request: async (c) => ({
      url: '/api/assistant/conversation/feedback',
      payload: { messageBatchId: await batch(c), helpful: true },
    }),
  },
  {
    method: 'POST',
    route: '/api/lessons/create',
    request: sync(() => '/api/lessons/create', { question: 'Q?', answer: 'A.', source: 'tip1' }),
  },
  {
    method: 'POST',
    route: '/api/assistant/user',
    request: sync(() => '/api/assistant/user/', { os: 'linux' }),
  },
  {
    method: 'PUT',
    route: '/api/admin/assistant',
    request: sync(() => '/api/admin/assistant', {
      slots: { tip1: 1, tip2: 0, tip3: 2 },
      imageEngine: 'ocr',
      openai: { baseUrl: '', model: '', vision: false },
      anthropic: { baseUrl: '', model: '', vision: false },
    }),
  },
];

/** One row per POST/PUT/PATCH route of the API, with a body the least-privileged caller may send. */
export const WRITE_ROWS: WriteRow[] = [
  ...ASSISTANT_WRITE_ROWS,
  {
    method: 'POST',
    route: '/api/auth',
    request: async (c) => ({
      url: '/api/auth',
      payload: {
        name: 'New Student',
        email: c.fresh.email(),
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms_accepted: true,
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/sign_in',
    request: sync(() => '/api/auth/sign_in', { email: 'walker@uni.example', password: PASSWORD }),
  },
  {
    method: 'POST',
    route: '/api/auth/oidc/exchange',
    request: async (c) => ({
      url: '/api/auth/oidc/exchange',
      payload: { code: await c.fresh.oidcCode('walker') },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/oidc/sign_up',
    request: async (c) => ({
      url: '/api/auth/oidc/sign_up',
      payload: { code: await c.fresh.oidcCode('new'), terms_accepted: true },
    }),
  },
  {
    method: 'POST',
    route: '/api/google_oauth2/callback',
    request: async (c) => ({
      url: '/api/google_oauth2/callback',
      payload: { accessToken: await c.fresh.oidcAccessToken(), url: 'https://spec-client.example/back' },
    }),
  },
  { method: 'PUT', route: '/api/auth', request: sync(() => '/api/auth', { name: 'Walker Renamed' }) },
  {
    method: 'POST',
    route: '/api/users/confirm',
    request: async (c) => ({
      url: '/api/users/confirm',
      payload: { confirmation_token: await c.fresh.confirmationToken() },
    }),
  },
  {
    method: 'POST',
    route: '/api/users/forgot',
    request: sync(() => '/api/users/forgot', { email: 'walker@uni.example' }),
  },
  {
    method: 'POST',
    route: '/api/users/resend',
    request: async (c) => ({
      url: '/api/users/resend',
      payload: { email: await c.fresh.unconfirmedEmail() },
    }),
  },
  {
    method: 'POST',
    route: '/api/users/:token/reset',
    request: async (c) => ({
      url: `/api/users/${await c.fresh.resetToken()}/reset`,
      payload: { password: PASSWORD, password_confirmation: PASSWORD },
    }),
  },
  {
    method: 'POST',
    route: '/api/users/image',
    request: async () => ({ url: '/api/users/image', payload: {}, multipart: 'avatar' }),
  },
  { method: 'POST', route: '/api/folders', request: sync(() => '/api/folders', { name: 'Autumn' }) },
  {
    method: 'PUT',
    route: '/api/folders/:id',
    request: sync((c) => `/api/folders/${c.walkerFolderId}`, { name: 'Renamed' }),
  },
  { method: 'POST', route: '/api/projects', request: sync(() => '/api/projects', { name: 'Fresh' }) },
  {
    method: 'PUT',
    route: '/api/projects/:id',
    request: sync((c) => `/api/projects/${c.f.projectId}`, {
      name: 'Renamed',
      course: { semester: '2026-2', section: 'A' },
    }),
  },
  {
    method: 'PUT',
    route: '/api/projects/:id/placement',
    request: sync((c) => `/api/projects/${c.f.projectId}/placement`, { is_favorite: true }),
  },
  {
    method: 'PUT',
    route: '/api/projects/:id/members/:user_id',
    request: sync((c) => `/api/projects/${c.f.projectId}/members/${c.memberId}`, { role: 'member' }),
    clientFields: ['role'],
  },
  {
    method: 'POST',
    route: '/api/projects/:id/invitations',
    request: async (c) => ({
      url: `/api/projects/${c.f.projectId}/invitations`,
      payload: { email: c.fresh.email(), role: 'member' },
    }),
    clientFields: ['role'],
  },
  ...([''] as const).flatMap((suffix): WriteRow[] => [
    {
      method: 'PUT',
      route: `/api/project_invitations/:id${suffix}`,
      request: async (c) => ({
        url: `/api/project_invitations/${await c.fresh.invitationId()}${suffix}`,
        payload: { role: 'viewer' },
      }),
      clientFields: ['role'],
    },
    {
      method: 'POST',
      route: `/api/project_invitations/:id/accept_invitation${suffix}`,
      request: async (c) => ({
        url: `/api/project_invitations/${await c.fresh.invitationId()}/accept_invitation${suffix}`,
        payload: { folder_id: c.inviteeFolderId },
      }),
    },
    {
      method: 'POST',
      route: `/api/project_invitations/:id/reject_invitation${suffix}`,
      request: async (c) => ({
        url: `/api/project_invitations/${await c.fresh.invitationId()}/reject_invitation${suffix}`,
        payload: {},
      }),
    },
  ]),
  {
    method: 'POST',
    route: '/api/projects/:id/labels',
    request: sync((c) => `/api/projects/${c.f.projectId}/labels`, { name: 'ux', color: '#00AA00' }),
  },
  {
    method: 'PUT',
    route: '/api/labels/:id',
    request: sync((c) => `/api/labels/${c.f.labelId}`, { name: 'bug2' }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/milestones',
    request: sync((c) => `/api/projects/${c.f.projectId}/milestones`, {
      milestone_name: 'M2',
      start_date: '2026-12-01',
      deadline: '2026-12-10',
    }),
  },
  {
    method: 'PUT',
    route: '/api/milestones/:id',
    request: sync((c) => `/api/milestones/${c.f.milestoneId}`, { milestone_name: 'Sprint 1b' }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/boards',
    request: sync((c) => `/api/projects/${c.f.projectId}/boards`, { name: 'Another' }),
  },
  {
    method: 'PUT',
    route: '/api/boards/:id',
    request: sync((c) => `/api/boards/${c.f.boardId}`, { name: 'Renamed' }),
    clientFields: ['position'],
  },
  {
    method: 'POST',
    route: '/api/boards/:id/columns',
    request: sync((c) => `/api/boards/${c.f.boardId}/columns`, { name: 'Review' }),
    clientFields: ['position'],
  },
  {
    method: 'PUT',
    route: '/api/columns/:id',
    request: sync((c) => `/api/columns/${c.f.columnId}`, { name: 'Backlog' }),
    clientFields: ['position'],
  },
  {
    method: 'POST',
    route: '/api/columns/:id/tasks',
    request: sync((c) => `/api/columns/${c.f.columnId}/tasks`, { title: 'Another' }),
  },
  {
    method: 'POST',
    route: '/api/columns/:id/archive_tasks',
    request: sync((c) => `/api/columns/${c.f.otherColumnId}/archive_tasks`),
  },
  {
    method: 'POST',
    route: '/api/columns/:id/complete_tasks',
    request: sync((c) => `/api/columns/${c.f.otherColumnId}/complete_tasks`),
  },
  {
    method: 'PUT',
    route: '/api/tasks/:id',
    request: sync((c) => `/api/tasks/${c.f.taskId}`, { priority: 'high' }),
  },
  {
    method: 'POST',
    route: '/api/tasks/:id/move',
    request: async (c) => ({
      url: `/api/tasks/${c.f.taskId}/move`,
      payload: { column_id: c.f.otherColumnId },
    }),
  },
  {
    method: 'POST',
    route: '/api/tasks/:id/commits',
    request: sync((c) => `/api/tasks/${c.f.taskId}/commits`, {
      message: 'Fix',
      url: 'https://git.example/c/1',
    }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/repositories',
    request: sync((c) => `/api/projects/${c.f.projectId}/repositories`, {
      provider: 'gitlab',
      url: 'course/shared-app',
    }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/repositories/github/callback',
    request: async (c) => ({
      url: `/api/projects/${c.f.projectId}/repositories/github/callback`,
      payload: { code: 'c0de', state: await c.fresh.githubOauthState() },
    }),
  },
  {
    method: 'POST',
    route: '/api/repositories/:id/sync',
    request: async (c) => ({ url: `/api/repositories/${(await c.fresh.repository()).id}/sync`, payload: {} }),
  },
  {
    method: 'POST',
    route: '/api/code_hosting/webhooks/:id',
    request: async (c) => {
      const { id, secret } = await c.fresh.repository();
      return {
        url: `/api/code_hosting/webhooks/${id}`,
        payload: { object_kind: 'push' },
        headers: { 'x-teamboard-token': secret },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/tasks/:id/hours',
    request: sync((c) => `/api/tasks/${c.f.taskId}/hours`, { hours: 1.5, date: '2026-11-21' }),
  },
  { method: 'PUT', route: '/api/hours/:id', request: sync((c) => `/api/hours/${c.f.hourId}`, { hours: 3 }) },
  {
    method: 'POST',
    route: '/api/tasks/:id/comments',
    request: sync((c) => `/api/tasks/${c.f.taskId}/comments`, { text: 'Hi' }),
  },
  {
    method: 'PUT',
    route: '/api/comments/:id',
    request: sync((c) => `/api/comments/${c.f.commentId}`, { text: 'Edited' }),
  },
  {
    method: 'POST',
    route: '/api/tasks/:id/checklist',
    request: sync((c) => `/api/tasks/${c.f.taskId}/checklist`, { text: 'Draft' }),
  },
  {
    method: 'PUT',
    route: '/api/checklist/:id',
    request: sync((c) => `/api/checklist/${c.f.checklistId}`, { status: 'done' }),
    clientFields: ['position'],
  },
  {
    method: 'POST',
    route: '/api/tasks/:id/attachments',
    request: async (c) => ({
      url: `/api/tasks/${c.f.taskId}/attachments`,
      payload: {},
      multipart: 'attachment',
    }),
  },
  {
    method: 'POST',
    route: '/api/projects/:id/lessons',
    request: sync((c) => `/api/projects/${c.f.projectId}/lessons`, {
      ...{ title: 'Pair on merges', problem: 'Conflicts.', solution: 'Merge daily.', tags: ['git'] },
      language: 'en',
    }),
  },
  {
    method: 'PUT',
    route: '/api/lessons/:id',
    request: async (c) => ({
      url: `/api/lessons/${await c.fresh.pendingLessonId()}`,
      payload: { title: 'Edited' },
    }),
  },
  {
    method: 'POST',
    route: '/api/lessons/:id/abuse',
    request: async (c) => ({ url: `/api/lessons/${await c.fresh.publishedLessonId()}/abuse`, payload: {} }),
  },
  {
    method: 'PUT',
    route: '/api/lessons/:id/vote',
    request: async (c) => ({ url: `/api/lessons/${await c.fresh.publishedLessonId()}/vote`, payload: {} }),
  },
  ...(['approve', 'disapprove'] as const).map((decision): WriteRow => ({
    method: 'POST',
    route: `/api/lessons/:id/${decision}`,
    request: async (c) => ({
      url: `/api/lessons/${await c.fresh.pendingLessonId()}/${decision}`,
      payload: decision === 'disapprove' ? { reason: 'Too vague.' } : {},
    }),
  })),
  ...(['unpublish', 'restore'] as const).map((decision): WriteRow => ({
    method: 'POST',
    route: `/api/lessons/:id/${decision}`,
    request: async (c) => ({
      url: `/api/lessons/${await c.fresh.publishedLessonId()}/${decision}`,
      payload: decision === 'unpublish' ? { reason: 'Outdated.' } : {},
    }),
  })),
  {
    method: 'POST',
    route: '/api/projects/:id/standups',
    request: async (c) => ({
      url: `/api/projects/${await c.fresh.standupProjectId()}/standups`,
      payload: STANDUP,
    }),
  },
  {
    method: 'PUT',
    route: '/api/standups/:id',
    request: async (c) => ({ url: `/api/standups/${await c.fresh.standupId()}`, payload: STANDUP }),
  },
  {
    method: 'POST',
    route: '/api/course_templates',
    request: async () => ({ url: '/api/course_templates', payload: COURSE_TEMPLATE }),
  },
  {
    method: 'POST',
    route: '/api/course_templates/from_project',
    request: async (c) => ({
      url: '/api/course_templates/from_project',
      payload: { project_id: c.f.projectId, name: 'From the target' },
    }),
  },
  {
    method: 'PUT',
    route: '/api/course_templates/:id',
    request: async (c) => ({
      url: `/api/course_templates/${await c.fresh.courseTemplate()}`,
      payload: COURSE_TEMPLATE,
    }),
  },
  {
    method: 'POST',
    route: '/api/course_templates/:id/roster',
    request: async (c) => ({
      url: `/api/course_templates/${await c.fresh.courseTemplate()}/roster`,
      payload: { csv: oneStudentRoster(c.fresh.email()) },
    }),
  },
  {
    method: 'POST',
    route: '/api/knowledge_forms',
    request: async () => ({ url: '/api/knowledge_forms', payload: KNOWLEDGE_FORM }),
  },
  {
    method: 'PUT',
    route: '/api/knowledge_forms/:id',
    request: async (c) => ({
      url: `/api/knowledge_forms/${(await c.fresh.knowledgeForm()).id}`,
      payload: KNOWLEDGE_FORM,
    }),
  },
  {
    method: 'PUT',
    route: '/api/me/knowledge_forms/:id/answers',
    request: async (c) => {
      const form = await c.fresh.knowledgeForm();
      return {
        url: `/api/me/knowledge_forms/${form.id}/answers`,
        payload: { answers: form.itemIds.map((item_id) => ({ item_id, rating: 4, comment: 'Some' })) },
      };
    },
  },
  {
    method: 'PUT',
    route: '/api/terms/draft',
    request: sync(() => '/api/terms/draft', { body_en: '# Terms', body_es: '# Términos' }),
    clientFields: ['body_en', 'body_es'],
  },
  {
    method: 'POST',
    route: '/api/terms/draft/publish',
    request: async (c) => {
      await c.fresh.termsDraft();
      return { url: '/api/terms/draft/publish', payload: {} };
    },
  },
  {
    method: 'POST',
    route: '/api/terms/acceptance',
    request: async (c) => ({
      url: '/api/terms/acceptance',
      payload: { version: await c.fresh.termsDraft() },
    }),
    clientFields: ['version'],
  },
  {
    method: 'POST',
    route: '/api/projects/:id/evaluations',
    request: async (c) => ({
      url: `/api/projects/${c.f.projectId}/evaluations`,
      payload: evaluationInput([c.memberId]),
    }),
    clientFields: ['title', 'description', 'type', 'initial_date', 'deadline', 'questions'],
  },
  {
    method: 'PUT',
    route: '/api/evaluations/:id',
    request: async (c) => ({
      url: `/api/evaluations/${await c.fresh.evaluationId('draft')}`,
      payload: evaluationInput([c.memberId]),
    }),
    clientFields: ['title', 'description', 'type', 'initial_date', 'deadline', 'questions'],
  },
  {
    method: 'POST',
    route: '/api/evaluations/:id/send',
    request: async (c) => ({
      url: `/api/evaluations/${await c.fresh.evaluationId('draft')}/send`,
      payload: {},
    }),
  },
  {
    method: 'PUT',
    route: '/api/evaluations/:id/deadline',
    request: async (c) => ({
      url: `/api/evaluations/${await c.fresh.evaluationId('sent')}/deadline`,
      payload: { deadline: '2026-12-06' },
    }),
    clientFields: ['deadline'],
  },
  {
    method: 'POST',
    route: '/api/evaluations/:id/close',
    request: async (c) => ({
      url: `/api/evaluations/${await c.fresh.evaluationId('sent')}/close`,
      payload: {},
    }),
  },
  {
    method: 'PUT',
    route: '/api/evaluations/:id/answers',
    request: async (c) => ({
      url: `/api/evaluations/${await c.fresh.evaluationId('sent')}/answers`,
      payload: { answers: [], submit: false },
    }),
    clientFields: ['answers', 'submit'],
  },
  ...ADMIN_USERS_WRITE_ROWS,
  {
    method: 'POST',
    route: '/api/admin/jobs/:id/retry',
    request: async (c) => ({ url: `/api/admin/jobs/${await c.fresh.failedJobId()}/retry`, payload: {} }),
  },
];

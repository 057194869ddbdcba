/**
 * Cache keys of the server data several screens share. They live here, not in a feature, so that
 * one feature can refresh another's data (accepting an invitation refreshes the projects) without
 * importing it.
 */
export const queryKeys = {
  folders: ['folders'] as const,
  /** Prefix of every project query (list, one project, its members). */
  allProjects: ['projects'] as const,
  projects: ['projects', 'list'] as const,
  project: (id: string) => ['projects', 'detail', id] as const,
  members: (projectId: string) => ['projects', 'members', projectId] as const,
  receivedInvitations: ['invitations', 'received'] as const,
  sentInvitations: (projectId: string) => ['invitations', 'sent', projectId] as const,
  activity: ['activity'] as const,
  /** A project's boards (tabs). */
  boards: (projectId: string) => ['boards', 'list', projectId] as const,
  /** One whole board: columns, cards and labels (GET /api/boards/:id). */
  board: (boardId: number) => ['boards', 'detail', boardId] as const,
  boardSearch: (boardId: number, q: string) => ['boards', 'search', boardId, q] as const,
  archivedTasks: (boardId: number) => ['boards', 'archived', boardId] as const,
  task: (taskId: number) => ['tasks', 'detail', taskId] as const,
  /** `part`: logs, hours, comments, checklist, attachments. */
  taskPart: (taskId: number, part: string) => ['tasks', part, taskId] as const,
  labels: (projectId: string) => ['labels', projectId] as const,
  milestones: (projectId: string) => ['milestones', projectId] as const,
  /** Prefix of every lesson query: a lesson's change refreshes every list it may be in. */
  allLessons: ['lessons'] as const,
  lesson: (lessonId: number) => ['lessons', 'detail', lessonId] as const,
  lessonSearch: (search: string) => ['lessons', 'search', search] as const,
  projectLessons: (projectId: string) => ['lessons', 'project', projectId] as const,
  myLessons: ['lessons', 'mine'] as const,
  /** The admins' queues: `pending`, `hidden` or `reported`. */
  lessonReview: (state: string) => ['lessons', 'review', state] as const,
  /** Who reported a lesson (admins). */
  lessonReports: (lessonId: number) => ['lessons', 'reports', lessonId] as const,
  /** The dashboard menu's badge. */
  lessonReviewCount: ['lessons', 'review-count'] as const,
  lessonTags: (q: string) => ['lesson-tags', q] as const,
  /** Prefix of every evaluation query: an `evaluations.changed` event refreshes them all. */
  allEvaluations: ['evaluations'] as const,
  /** The bell's evaluations to answer, across projects (GET /api/me/evaluations). */
  pendingEvaluations: ['evaluations', 'pending'] as const,
  projectEvaluations: (projectId: string) => ['evaluations', 'project', projectId] as const,
  evaluation: (evaluationId: number) => ['evaluations', 'detail', evaluationId] as const,
  /** `part`: answers (the caller's) or results. */
  evaluationPart: (evaluationId: number, part: string) => ['evaluations', part, evaluationId] as const,
};

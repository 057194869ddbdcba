import type { Insertable } from 'kysely';
import { DEFAULT_FOLDER_NAME } from '@teamboard/contract';
import { iso } from './calendar.js';
import type { CourseDrafts, Draft, LogValue, TaskDraft } from './drafts.js';
import { TERMS_VERSION_1_EN, TERMS_VERSION_1_ES, type Database } from './server.js';
import type { TableName } from './tables.js';

/** Every table's rows, ids included, in id order: what the generator inserts. */
export type CourseRows = { [T in TableName]: Insertable<Database[T]>[] };

const flag = (value: boolean) => (value ? 1 : 0);
const byId = (a: Draft, b: Draft) => a.id - b.id;

/** logValue() of features/tasks/task-logs.ts: lists as their sorted ids, comma-joined. */
function logText(value: LogValue): string | null {
  if (!Array.isArray(value)) return value;
  return value
    .map((draft) => draft.id)
    .sort((a, b) => a - b)
    .join(',');
}

function taskRow(task: TaskDraft): Insertable<Database['tasks']> {
  return {
    id: task.id,
    column_id: task.column.id,
    board_id: task.board.id,
    project_id: task.board.project.id,
    title: task.title,
    description: task.description,
    position: task.position,
    is_archived: 0,
    completed: flag(task.completed_at !== null),
    completed_at: task.completed_at === null ? null : iso(task.completed_at),
    priority: task.priority,
    deadline: task.deadline,
    starting_date: task.starting_date,
    expected_hours: task.expected_hours,
    is_blocked: flag(task.is_blocked),
    blocked_reason: task.blocked_reason,
    milestone_id: task.milestone?.id ?? null,
    total_hours: task.total_hours,
    created_by: task.created_by.id,
    created_at: iso(task.at),
    updated_at: iso(task.updated_at),
  };
}

/** Pairs (a, b) for link tables, sorted as their primary key. */
function links<A extends Draft, B extends Draft>(owners: A[], linked: (owner: A) => B[]): [A, B][] {
  return owners.flatMap((owner) => [...linked(owner)].sort(byId).map((other): [A, B] => [owner, other]));
}

/** Accounts (one shared password hash) and their default folders. */
function peopleRows(course: CourseDrafts, passwordHash: string) {
  return {
    users: course.users.map((user) => ({
      id: user.id,
      email: user.email,
      name: user.name,
      password_hash: passwordHash,
      account_type: user.account_type,
      max_projects: user.max_projects,
      language: user.language,
      image_key: null,
      gitname: user.gitname,
      labname: null,
      slack_id: null,
      year: user.year,
      semester: user.semester,
      section: user.section,
      group: user.group,
      provider: 'email',
      watched_tutorial: 0,
      confirmed_at: iso(user.confirmed_at),
      blocked_at: null,
      terms_accepted_at: user.terms_accepted_at === null ? null : iso(user.terms_accepted_at),
      created_at: iso(user.at),
      updated_at: iso(user.updated_at),
    })),
    folders: course.folders.map((folder) => ({
      id: folder.id,
      user_id: folder.user.id,
      name: DEFAULT_FOLDER_NAME,
      is_archived: 0,
      is_default: 1,
      created_at: iso(folder.at),
    })),
  };
}

/** Projects, memberships with their placements, pending invitations, the Home feed. */
function projectRows(course: CourseDrafts) {
  return {
    projects: course.projects.map((project) => ({
      id: project.id,
      name: project.name,
      description: project.description,
      is_private: 0,
      has_github: 0,
      created_by: project.owner.id,
      created_at: iso(project.at),
      updated_at: iso(project.at),
    })),
    project_members: course.memberships.map((membership) => ({
      id: membership.id,
      project_id: membership.project.id,
      user_id: membership.user.id,
      role: membership.role,
      folder_id: membership.folder.id,
      sort_order: membership.sort_order,
      is_favorite: 0,
      joined_at: iso(membership.at),
    })),
    project_invitations: course.invitations.map((invitation) => ({
      id: invitation.id,
      project_id: invitation.project.id,
      email: invitation.email,
      role: invitation.role,
      sender_id: invitation.sender.id,
      created_at: iso(invitation.at),
      updated_at: iso(invitation.at),
    })),
    activities: course.activities.map((activity) => ({
      id: activity.id,
      kind: activity.kind,
      actor_id: activity.actor.id,
      actor_name: activity.actor.name,
      project_id: activity.project.id,
      project_name: activity.project.name,
      subject_user_id: activity.subject?.user?.id ?? null,
      subject_name: activity.subject?.name ?? null,
      role: activity.role,
      created_at: iso(activity.at),
    })),
  };
}

/** The rows of boards and what is on them. */
function boardRows(course: CourseDrafts) {
  return {
    labels: course.labels.map((label) => ({
      id: label.id,
      project_id: label.project.id,
      name: label.name,
      color: label.color,
    })),
    milestones: course.milestones.map((milestone) => ({
      id: milestone.id,
      project_id: milestone.project.id,
      name: milestone.name,
      start_date: milestone.start_date,
      deadline: milestone.deadline,
      sprint: flag(milestone.sprint),
      created_at: iso(milestone.at),
    })),
    boards: course.boards.map((board) => ({
      id: board.id,
      project_id: board.project.id,
      name: board.name,
      description: board.description,
      position: board.position,
      created_at: iso(board.at),
      updated_at: iso(board.updated_at),
      version: board.version,
    })),
    board_labels: links(course.boards, (board) => board.labels).map(([board, label]) => ({
      board_id: board.id,
      label_id: label.id,
    })),
    columns: course.columns.map((column) => ({
      id: column.id,
      board_id: column.board.id,
      name: column.name,
      position: column.position,
    })),
  };
}

/** The rows of tasks and everything that hangs off them. */
function taskRows(course: CourseDrafts) {
  return {
    tasks: course.tasks.map(taskRow),
    task_assignees: links(course.tasks, (task) => task.assignees).map(([task, user]) => ({
      task_id: task.id,
      user_id: user.id,
    })),
    task_labels: links(course.tasks, (task) => task.labels).map(([task, label]) => ({
      task_id: task.id,
      label_id: label.id,
    })),
    task_commits: course.commits.map((commit) => ({
      id: commit.id,
      task_id: commit.task.id,
      // Linked by hand to an address (the generator makes no repositories: code hosting's own
      // benchmark, bench/code-hosting.bench.ts, syncs a generated git repository).
      commit_id: null,
      message: commit.message,
      url: commit.url,
      linked_by: 'hand' as const,
      user_id: null,
      removed: 0,
      created_at: iso(commit.at),
    })),
    task_logs: course.logs.map((log) => ({
      id: log.id,
      task_id: log.task.id,
      user_id: log.user.id,
      user_name: log.user.name,
      field: log.field,
      old_value: logText(log.old_value),
      new_value: logText(log.new_value),
      created_at: iso(log.at),
    })),
    hours: course.hours.map((hour) => ({
      id: hour.id,
      task_id: hour.task.id,
      project_id: hour.task.board.project.id,
      user_id: hour.user.id,
      hours: hour.hours,
      date: hour.date,
      created_at: iso(hour.at),
      updated_at: iso(hour.at),
    })),
    comments: course.comments.map((comment) => ({
      id: comment.id,
      task_id: comment.task.id,
      user_id: comment.user.id,
      text: comment.text,
      created_at: iso(comment.at),
      updated_at: iso(comment.at),
    })),
    checklist_items: course.checklistItems.map((item) => ({
      id: item.id,
      task_id: item.task.id,
      text: item.text,
      status: item.status,
      position: item.position,
      created_at: iso(item.at),
    })),
  };
}

/** Stand-ups as StandupsService.create writes them (created_at = updated_at: never edited). */
function standupRows(course: CourseDrafts) {
  return {
    standups: course.standups.map((standup) => ({
      id: standup.id,
      project_id: standup.project.id,
      user_id: standup.user.id,
      day: standup.day,
      did: standup.did,
      will_do: standup.will_do,
      blockers: standup.blockers,
      is_blocked: flag(standup.is_blocked),
      hours: standup.hours,
      stress: standup.stress,
      feeling: standup.feeling,
      created_at: iso(standup.at),
      updated_at: iso(standup.at),
    })),
  };
}

/**
 * Evaluations as create, send and saveAnswers (submit) write them: sent (updated_at = sent_at), the
 * members and questions of the draft, one submitted response per member (updated_at = submitted_at).
 */
function evaluationRows(course: CourseDrafts) {
  return {
    evaluations: course.evaluations.map((evaluation) => ({
      id: evaluation.id,
      project_id: evaluation.project.id,
      created_by: evaluation.created_by.id,
      title: evaluation.title,
      description: evaluation.description,
      type: evaluation.type,
      initial_date: evaluation.initial_date,
      deadline: evaluation.deadline,
      sent_at: iso(evaluation.sent_at),
      closed_at: null,
      created_at: iso(evaluation.at),
      updated_at: iso(evaluation.sent_at),
    })),
    evaluation_members: links(course.evaluations, (evaluation) => evaluation.members).map(
      ([evaluation, user]) => ({ evaluation_id: evaluation.id, user_id: user.id }),
    ),
    evaluation_questions: course.evaluationQuestions.map((question) => ({
      id: question.id,
      evaluation_id: question.evaluation.id,
      position: question.position,
      kind: question.kind,
      text: question.text,
    })),
    evaluation_responses: course.evaluationResponses.map((response) => ({
      id: response.id,
      evaluation_id: response.evaluation.id,
      respondent_id: response.respondent.id,
      submitted_at: iso(response.at),
      updated_at: iso(response.at),
    })),
    evaluation_answers: course.evaluationAnswers.map((answer) => ({
      id: answer.id,
      response_id: answer.response.id,
      question_id: answer.question.id,
      subject_id: answer.subject?.id ?? null,
      score: answer.score,
      text: answer.text,
    })),
  };
}

/**
 * Version 1 of the terms, as the migration seeds it, but published when the app was installed (the
 * admin's creation) so the tables stay byte-identical per seed; writeCourse replaces the seeded row.
 */
function termsVersionOne(installedAt: number): CourseRows['terms_versions'][number] {
  const at = iso(installedAt);
  return {
    id: 1,
    version: 1,
    body_en: TERMS_VERSION_1_EN,
    body_es: TERMS_VERSION_1_ES,
    updated_by: null,
    updated_at: at,
    published_by: null,
    published_at: at,
  };
}

/**
 * Numbered drafts as table rows. Sessions, emailed tokens, attachments, idempotency keys, lessons,
 * knowledge forms and code hosting are left empty (bench/lessons generates its own lessons).
 */
export function courseRows(course: CourseDrafts, passwordHash: string): CourseRows {
  // The first account is the admin, created when the app was installed.
  const installedAt = course.users.reduce((earliest, user) => Math.min(earliest, user.at), Infinity);
  return {
    ...peopleRows(course, passwordHash),
    auth_sessions: [],
    user_tokens: [],
    lessons: [],
    lesson_tags: [],
    lesson_votes: [],
    lesson_views: [],
    lesson_reports: [],
    ...standupRows(course),
    ...evaluationRows(course),
    // The reminders job writes these near a deadline; a freshly generated course has sent none.
    evaluation_reminders: [],
    // The snapshot job freezes milestones once their deadline has passed; a generated course has none yet.
    milestone_snapshots: [],
    knowledge_forms: [],
    knowledge_items: [],
    knowledge_answers: [],
    audit_events: [],
    terms_versions: [termsVersionOne(installedAt)],
    user_identities: [],
    oidc_handoffs: [],
    user_activity_days: [],
    assistant_conversations: [],
    assistant_batches: [],
    assistant_messages: [],
    lesson_feedback: [],
    assistant_settings: [],
    // Templates and their imports are a teacher's doing (bench/roster-import.bench.ts makes them).
    course_templates: [],
    course_template_projects: [],
    repositories: [],
    repository_branches: [],
    commits: [],
    pull_requests: [],
    pull_request_tasks: [],
    webhook_deliveries: [],
    jobs: [],
    ...projectRows(course),
    ...boardRows(course),
    ...taskRows(course),
    attachments: [],
    idempotency_keys: [],
  };
}

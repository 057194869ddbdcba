import type { AccountType, ActivityKind, Language, ProjectRole, TaskPriority } from '@teamboard/contract';

/**
 * Rows before they have ids. The app numbers rows in the order they happen, so ids are handed out
 * per table by creation time (`at`) once every row is known (number-by-time.ts); until then rows
 * point at each other by reference.
 */
export interface Draft {
  id: number;
  at: number;
}

export interface UserDraft extends Draft {
  email: string;
  name: string;
  account_type: AccountType;
  max_projects: number | null;
  language: Language;
  gitname: string | null;
  year: number | null;
  semester: string | null;
  section: string | null;
  group: string | null;
  confirmed_at: number;
  terms_accepted_at: number | null;
  updated_at: number;
}

export interface FolderDraft extends Draft {
  user: UserDraft;
}

export interface ProjectDraft extends Draft {
  name: string;
  description: string;
  owner: UserDraft;
}

export interface MembershipDraft extends Draft {
  project: ProjectDraft;
  user: UserDraft;
  role: ProjectRole;
  folder: FolderDraft;
  /** Set once all of the user's memberships are known: 1, 2, 3… in joining order (nextSortOrder). */
  sort_order: number;
}

export interface InvitationDraft extends Draft {
  project: ProjectDraft;
  email: string;
  role: ProjectRole;
  sender: UserDraft;
}

export interface ActivityDraft extends Draft {
  kind: ActivityKind;
  actor: UserDraft;
  project: ProjectDraft;
  subject: { user: UserDraft | null; name: string } | null;
  role: ProjectRole | null;
}

export interface LabelDraft extends Draft {
  project: ProjectDraft;
  name: string;
  color: string;
}

export interface MilestoneDraft extends Draft {
  project: ProjectDraft;
  name: string;
  start_date: string;
  deadline: string;
  sprint: boolean;
}

export interface BoardDraft extends Draft {
  project: ProjectDraft;
  name: string;
  description: string;
  position: number;
  labels: LabelDraft[];
  columns: ColumnDraft[];
  updated_at: number;
  /** One per write that changed the board detail (board-versions.ts), counted as they are made. */
  version: number;
}

export interface ColumnDraft extends Draft {
  board: BoardDraft;
  name: string;
  position: number;
}

export interface TaskDraft extends Draft {
  board: BoardDraft;
  column: ColumnDraft;
  title: string;
  description: string;
  position: number;
  completed_at: number | null;
  priority: TaskPriority | null;
  deadline: string | null;
  starting_date: string | null;
  expected_hours: number | null;
  is_blocked: boolean;
  blocked_reason: string | null;
  milestone: MilestoneDraft | null;
  total_hours: number;
  created_by: UserDraft;
  updated_at: number;
  assignees: UserDraft[];
  labels: LabelDraft[];
}

export interface CommitDraft extends Draft {
  task: TaskDraft;
  message: string;
  url: string;
}

/**
 * A logged value as logValue() writes it; a list of rows stands for their ids, sorted and
 * comma-joined (assignees, labels, a milestone), known only once ids are handed out.
 */
export type LogValue = string | null | Draft[];

export interface TaskLogDraft extends Draft {
  task: TaskDraft;
  user: UserDraft;
  field: string;
  old_value: LogValue;
  new_value: LogValue;
}

export interface HourDraft extends Draft {
  task: TaskDraft;
  user: UserDraft;
  hours: number;
  date: string;
}

export interface CommentDraft extends Draft {
  task: TaskDraft;
  user: UserDraft;
  text: string;
}

export interface ChecklistItemDraft extends Draft {
  task: TaskDraft;
  text: string;
  status: 'pending' | 'done';
  position: number;
}

/** StandupsService.create: the author's stand-up for the project's day (UTC here), never edited. */
export interface StandupDraft extends Draft {
  project: ProjectDraft;
  user: UserDraft;
  day: string;
  did: string;
  will_do: string;
  blockers: string;
  is_blocked: boolean;
  hours: number;
  stress: number;
  feeling: number;
}

/** EvaluationsService.create then send: a team (peer) evaluation, its selected members. */
export interface EvaluationDraft extends Draft {
  project: ProjectDraft;
  created_by: UserDraft;
  title: string;
  description: string;
  type: 'team' | 'project';
  initial_date: string;
  deadline: string;
  /** Sent once (markSent: updated_at too); never closed early. */
  sent_at: number;
  members: UserDraft[];
}

export interface EvaluationQuestionDraft extends Draft {
  evaluation: EvaluationDraft;
  position: number;
  kind: 'scale' | 'text';
  text: string;
}

/** saveResponse with submit: one respondent's answers, submitted when written (`at`). */
export interface EvaluationResponseDraft extends Draft {
  evaluation: EvaluationDraft;
  respondent: UserDraft;
}

export interface EvaluationAnswerDraft extends Draft {
  response: EvaluationResponseDraft;
  question: EvaluationQuestionDraft;
  /** The rated member (team); null in a project evaluation. */
  subject: UserDraft | null;
  score: number | null;
  text: string | null;
}

/** Everything a course is made of, table by table. */
export interface CourseDrafts {
  users: UserDraft[];
  folders: FolderDraft[];
  projects: ProjectDraft[];
  memberships: MembershipDraft[];
  invitations: InvitationDraft[];
  activities: ActivityDraft[];
  labels: LabelDraft[];
  milestones: MilestoneDraft[];
  boards: BoardDraft[];
  columns: ColumnDraft[];
  tasks: TaskDraft[];
  commits: CommitDraft[];
  logs: TaskLogDraft[];
  hours: HourDraft[];
  comments: CommentDraft[];
  checklistItems: ChecklistItemDraft[];
  standups: StandupDraft[];
  evaluations: EvaluationDraft[];
  evaluationQuestions: EvaluationQuestionDraft[];
  evaluationResponses: EvaluationResponseDraft[];
  evaluationAnswers: EvaluationAnswerDraft[];
}

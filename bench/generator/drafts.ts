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
}

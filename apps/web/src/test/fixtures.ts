import {
  DEFAULT_FOLDER_NAME,
  isWorkingRole,
  type Activity,
  type Board,
  type BoardDetail,
  type BoardEvent,
  type BoardEventType,
  type Column,
  type Comment,
  type Folder,
  type Label,
  type Member,
  type Project,
  type ReceivedInvitation,
  type TaskSummary,
  type User,
} from '@teamboard/contract';
import type { Credentials } from '../lib/session';

export const credentials: Credentials = {
  token: 'tok',
  client: 'cli',
  uid: 'ana@example.com',
  expiry: '1999999999',
};

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Ana Pérez',
    email: 'ana@example.com',
    account_type: 'user',
    max_projects: 5,
    image: null,
    language: 'en',
    gitname: null,
    labname: null,
    slack_id: null,
    year: null,
    semester: null,
    section: null,
    group: null,
    provider: 'email',
    watched_tutorial: false,
    ...overrides,
  };
}

export function makeFolder(overrides: Partial<Folder> = {}): Folder {
  return { id: 1, name: DEFAULT_FOLDER_NAME, is_archived: false, is_default: true, ...overrides };
}

export function makeMember(overrides: Partial<Member> = {}): Member {
  const role = overrides.role ?? 'owner';
  // A student account unless told: a working role makes a team worker (the contract's isTeamWorker).
  return {
    id: 1,
    name: 'Ana Pérez',
    email: 'ana@example.com',
    role,
    image: null,
    is_team_worker: isWorkingRole(role),
    ...overrides,
  };
}

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 7,
    name: 'Alpha',
    description: 'The first project',
    role: 'owner',
    has_github: false,
    is_private: true,
    time_zone: null,
    course: { year: null, semester: null, section: null, group: null },
    is_favorite: false,
    members: [makeMember()],
    folder_id: 1,
    order: 1,
    created_at: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function makeInvitation(overrides: Partial<ReceivedInvitation> = {}): ReceivedInvitation {
  return {
    id: 3,
    sender_name: 'Bruno Díaz',
    sender_image: null,
    project_name: 'Beta',
    project_id: 9,
    project_description: '',
    date_sent: '2026-03-05T12:00:00.000Z',
    role: 'member',
    ...overrides,
  };
}

export function makeActivity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: 1,
    kind: 'project.created',
    actor_id: 1,
    actor_name: 'Ana',
    project_id: 7,
    project_name: 'Alpha',
    subject_name: null,
    role: null,
    created_at: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function makeTask(overrides: Partial<TaskSummary> = {}): TaskSummary {
  return {
    id: 5,
    title: 'Write report',
    position: 1,
    is_archived: false,
    completed: false,
    completed_at: null,
    labels: [],
    assigned: [],
    column_id: 10,
    total_hours: 0,
    priority: null,
    deadline: null,
    milestone_id: null,
    is_blocked: false,
    checklist_total: 0,
    checklist_done: 0,
    comments_count: 0,
    attachments_count: 0,
    commit: null,
    ...overrides,
  };
}

export function makeBoard(overrides: Partial<Board> = {}): Board {
  return {
    id: 1,
    name: 'Sprint board',
    description: '',
    position: 1,
    labels: [],
    project_id: 7,
    ...overrides,
  };
}

export function makeColumn(overrides: Partial<Column> = {}): Column {
  return { id: 10, name: 'To do', position: 1, board_id: 1, ...overrides };
}

export function makeLabel(overrides: Partial<Label> = {}): Label {
  return { id: 3, name: 'Bug', color: '#fa5252', project_id: 7, ...overrides };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 40,
    text: 'Looks good',
    created_at: '2026-01-10T10:00:00.000Z',
    updated_at: '2026-01-10T10:00:00.000Z',
    user_id: 2,
    user_name: 'Luis Gómez',
    user_image: null,
    task_id: 5,
    ...overrides,
  };
}

/** Board 1 at version 1: columns To do (10) and Done (11), two cards in To do. */
export function makeBoardDetail(overrides: Partial<BoardDetail> = {}): BoardDetail {
  return {
    board: makeBoard(),
    version: 1,
    columns: [makeColumn(), makeColumn({ id: 11, name: 'Done', position: 2 })],
    tasks: [makeTask(), makeTask({ id: 6, title: 'Fix bug', position: 2 })],
    labels: [],
    ...overrides,
  };
}

type EventOf<T extends BoardEventType> = Extract<BoardEvent, { type: T }>;

/** A board-1 event by another user (id 2) from another socket; `seq` 2 unless told. */
export function makeBoardEvent<T extends BoardEventType>(
  type: T,
  data: EventOf<T>['data'],
  overrides: Partial<Pick<BoardEvent, 'seq' | 'actor_id' | 'origin' | 'board_id'>> = {},
): EventOf<T> {
  return {
    type,
    data,
    board_id: 1,
    seq: 2,
    actor_id: 2,
    origin: 'socket-of-luis',
    ...overrides,
  } as EventOf<T>;
}

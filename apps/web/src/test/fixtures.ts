import {
  DEFAULT_FOLDER_NAME,
  type Activity,
  type Folder,
  type Member,
  type Project,
  type ReceivedInvitation,
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
  return { id: 1, name: 'Ana Pérez', email: 'ana@example.com', role: 'owner', image: null, ...overrides };
}

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 7,
    name: 'Alpha',
    description: 'The first project',
    role: 'owner',
    has_github: false,
    is_private: true,
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

import type { User } from '@teamboard/contract';
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

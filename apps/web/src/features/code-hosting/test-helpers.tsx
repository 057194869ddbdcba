import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PullRequest, Repository } from '@teamboard/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { stubFetch } from '../../test/render';

type Answers = NonNullable<Parameters<typeof stubFetch>[0]>;

export function makeRepository(overrides: Partial<Repository> = {}): Repository {
  return {
    id: 3,
    project_id: 7,
    provider: 'github',
    name: 'team/app',
    url: 'team/app',
    web_url: 'https://github.com/team/app',
    base_url: null,
    has_token: false,
    sync_state: 'idle',
    last_error: null,
    synced_at: '2026-03-02T10:00:00.000Z',
    commit_count: 1234,
    pull_request_count: 1,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makePullRequest(overrides: Partial<PullRequest> = {}): PullRequest {
  return {
    id: 1,
    repository_id: 3,
    number: 12,
    title: 'Fix the login form',
    state: 'merged',
    url: 'https://github.com/team/app/pull/12',
    branch: '42-fix-login',
    author_login: 'ana',
    user_id: 1,
    reviewers: [],
    task_ids: [42],
    opened_at: '2026-03-01T10:00:00.000Z',
    first_review_at: null,
    merged_at: '2026-03-03T10:00:00.000Z',
    closed_at: null,
    ...overrides,
  };
}

/**
 * Stubs fetch with `answers` (kept by reference: a test may change an answer between two reads)
 * and renders `ui` with Mantine, toasts, a fresh query cache and a router.
 */
export function renderWithApi(ui: ReactNode, answers: Answers = {}) {
  const stub = stubFetch(answers);
  vi.stubGlobal('fetch', stub.fetchStub);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const callsTo = (method: string, path: string) =>
    stub.calls.filter(
      (call) => (call.init?.method ?? 'GET') === method && call.url.split('?')[0] === `/api${path}`,
    );
  return { calls: stub.calls, callsTo, queryClient };
}

/** The JSON body a call sent. */
export const sentBody = (call: { init: RequestInit | undefined } | undefined): unknown =>
  JSON.parse(String(call?.init?.body));

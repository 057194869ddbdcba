import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Commit, TaskCommitLink, TaskDetail } from '@teamboard/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { makeTask } from '../../../test/fixtures';
import { stubFetch } from '../../../test/render';
import { TaskSideFields } from './task-fields';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const task: TaskDetail = {
  ...makeTask({ id: 5 }),
  description: '',
  starting_date: null,
  expected_hours: null,
  blocked_reason: null,
  board_id: 1,
  project_id: 7,
  created_by: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};

function makeCommit(overrides: Partial<Commit> = {}): Commit {
  return {
    id: 12,
    repository_id: 3,
    sha: 'abc1234def5678',
    message: 'Fix the login form #5\n\nLonger explanation.',
    url: 'https://github.com/team/app/commit/abc1234def5678',
    author_name: 'Ana Pérez',
    user_id: 1,
    committed_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const fromMessage: TaskCommitLink = {
  id: 40,
  task_id: 5,
  message: 'Fix the login form #5\n\nLonger explanation.',
  url: 'https://github.com/team/app/commit/abc1234def5678',
  linked_by: 'message',
  commit: makeCommit(),
  created_at: '2026-03-02T11:00:00.000Z',
};
const byHand: TaskCommitLink = {
  id: 41,
  task_id: 5,
  message: 'Old hand link',
  url: 'javascript:alert(1)',
  linked_by: 'hand',
  commit: null,
  created_at: '2026-03-01T09:00:00.000Z',
};

function renderSection(canEdit: boolean, answers: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({ '/tasks/5/commits': { body: { data: [fromMessage, byHand] } }, ...answers });
  vi.stubGlobal('fetch', stub.fetchStub);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <TaskSideFields
          task={task}
          canEdit={canEdit}
          members={[]}
          labels={[]}
          milestones={[]}
          save={() => undefined}
          onCreateLabel={() => Promise.reject(new Error('unused'))}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const callsTo = (method: string, path: string) =>
    stub.calls.filter(
      (call) => (call.init?.method ?? 'GET') === method && call.url.split('?')[0] === `/api${path}`,
    );
  return { callsTo };
}

describe('the task commits section', { timeout: 20_000 }, () => {
  it('lists the linked commits: short SHA, first line, author, date and how each was linked', async () => {
    renderSection(false);
    const list = await screen.findByRole('list', { name: 'Linked commits' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('abc1234').tagName).toBe('CODE');
    expect(within(first!).getByText('Fix the login form #5')).toBeTruthy();
    expect(within(first!).getByText('Ana Pérez · Mar 2, 2026 · from message')).toBeTruthy();
    const open = within(first!).getByRole('link', { name: 'Open commit abc1234 Fix the login form #5' });
    expect(open.getAttribute('href')).toBe(fromMessage.url);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    // Not an http(s) address: shown, never a link.
    expect(within(second!).getByText('Mar 1, 2026 · linked by hand')).toBeTruthy();
    expect(within(second!).queryByRole('link')).toBeNull();
    // A reader unlinks nothing and links nothing.
    expect(screen.queryByRole('button', { name: /^Unlink commit/ })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Link a commit' })).toBeNull();
  });

  it('says so when no commit is linked, in Spanish too', async () => {
    await changeLanguage('es');
    renderSection(true, { '/tasks/5/commits': { body: { data: [] } } });
    expect(await screen.findByText('Aún no hay commits vinculados')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Vincular un commit' })).toBeTruthy();
  });

  it('searches the collected commits and links the one picked', async () => {
    const found = makeCommit({
      id: 13,
      sha: '9f8e7d6c5b4a',
      message: 'Add the login tests',
      author_name: 'Bruno',
    });
    const { callsTo } = renderSection(true, {
      '/projects/7/commits': { body: { data: [makeCommit(), found], next_cursor: null } },
      'POST /tasks/5/commits': { body: { data: task } },
    });
    await screen.findByRole('list', { name: 'Linked commits' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Link a commit' }), { target: { value: 'log' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Link a commit' }), {
      target: { value: 'login' },
    });
    const results = await screen.findByRole('list', { name: 'Matching commits' });
    // Debounced: one search for what was typed last.
    expect(callsTo('GET', '/projects/7/commits').map((call) => call.url)).toEqual([
      '/api/projects/7/commits?q=login&limit=20',
    ]);
    // The commit already linked is not offered again.
    expect(within(results).getAllByRole('button')).toHaveLength(1);
    fireEvent.click(within(results).getByRole('button', { name: /9f8e7d6 Add the login tests/ }));
    await waitFor(() => expect(callsTo('POST', '/tasks/5/commits')).toHaveLength(1));
    expect(JSON.parse(String(callsTo('POST', '/tasks/5/commits')[0]!.init?.body))).toEqual({ commit_id: 13 });
    // The list is read again after the link.
    await waitFor(() => expect(callsTo('GET', '/tasks/5/commits')).toHaveLength(2));
    expect((screen.getByRole('searchbox', { name: 'Link a commit' }) as HTMLInputElement).value).toBe('');
  });

  it('unlinks one commit', async () => {
    const { callsTo } = renderSection(true, { 'DELETE /task_commits/40': { status: 204 } });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Unlink commit abc1234 Fix the login form #5' }),
    );
    await waitFor(() => expect(callsTo('DELETE', '/task_commits/40')).toHaveLength(1));
    await waitFor(() => expect(callsTo('GET', '/tasks/5/commits')).toHaveLength(2));
    expect(callsTo('DELETE', '/task_commits/41')).toEqual([]);
  });

  it('links any commit by its address, checking both fields first', async () => {
    const { callsTo } = renderSection(true, { 'POST /tasks/5/commits': { body: { data: task } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Link by address' }));
    fireEvent.click(screen.getByRole('button', { name: 'Link commit' }));
    expect(screen.getByText('The text cannot be empty.')).toBeTruthy();
    expect(screen.getByText('The address is not valid.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Commit message' }), {
      target: { value: 'Add schema' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Commit URL' }), {
      target: { value: 'https://git.example.edu/team/repo/commit/abc123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Link commit' }));
    await waitFor(() => expect(callsTo('POST', '/tasks/5/commits')).toHaveLength(1));
    expect(JSON.parse(String(callsTo('POST', '/tasks/5/commits')[0]!.init?.body))).toEqual({
      message: 'Add schema',
      url: 'https://git.example.edu/team/repo/commit/abc123',
    });
  });
});

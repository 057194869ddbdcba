import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { makePullRequest, makeRepository, renderWithApi } from '../test-helpers';
import { RepositoriesScreen } from './repositories-screen';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

type Answers = NonNullable<Parameters<typeof renderWithApi>[1]>;
type Role = 'owner' | 'member' | 'viewer';

function renderScreen(role: Role, answers: Answers) {
  return renderWithApi(
    <RepositoriesScreen projectId="7" canManage={role === 'owner'} canSync={role !== 'viewer'} />,
    // The same object, not a copy: a test changes an answer between two reads.
    Object.assign(answers, {
      '/code_hosting/config': { body: { data: { github_oauth: false, local_repositories: false } } },
      '/projects/7/pull_requests': { body: { data: [], next_cursor: null } },
      ...answers,
    }),
  );
}

const repositories = (...list: ReturnType<typeof makeRepository>[]) => ({ body: { data: list } });
const item = (name: string) => screen.findByRole('listitem', { name });

describe('RepositoriesScreen', { timeout: 20_000 }, () => {
  it('shows each repository with its provider, state, counts and (to owners) its last error', async () => {
    renderScreen('owner', {
      '/projects/7/repositories': repositories(
        makeRepository(),
        makeRepository({
          id: 4,
          provider: 'git',
          name: 'lab',
          web_url: null,
          sync_state: 'failed',
          synced_at: null,
          commit_count: 0,
          pull_request_count: 0,
          last_error: 'URL_NOT_VALID',
        }),
        makeRepository({ id: 5, provider: 'gitlab', name: 'group/odd', last_error: 'SOMETHING_ODD' }),
      ),
    });
    const github = await item('team/app');
    expect(within(github).getByText('GitHub')).toBeTruthy();
    expect(within(github).getByTestId('sync-state').textContent).toBe('Up to date');
    expect(within(github).getByRole('link', { name: 'team/app' }).getAttribute('href')).toBe(
      'https://github.com/team/app',
    );
    expect(within(github).getByText(/1,234 commits · 1 pull request$/)).toBeTruthy();
    const git = await item('lab');
    expect(within(git).getByText('Plain git')).toBeTruthy();
    expect(within(git).getByTestId('sync-state').textContent).toBe('Failed');
    expect(within(git).queryByRole('link')).toBeNull();
    expect(within(git).getByText('Not synced yet · 0 commits · 0 pull requests')).toBeTruthy();
    expect(within(git).getByText('The last sync failed: The address is not valid.')).toBeTruthy();
    expect(
      within(await item('group/odd')).getByText('The last sync failed: error SOMETHING_ODD'),
    ).toBeTruthy();
  });

  it('words the states and counts in Spanish', async () => {
    await changeLanguage('es');
    renderScreen('viewer', {
      '/projects/7/repositories': repositories(
        makeRepository({ sync_state: 'authorizing', commit_count: 12345 }),
      ),
    });
    const github = await item('team/app');
    expect(within(github).getByTestId('sync-state').textContent).toBe('Esperando autorización');
    expect(within(github).getByText(/12\.345 commits · 1 pull request$/)).toBeTruthy();
  });

  it('polls the list every 2 s while a sync is queued or running, and stops when it is done', async () => {
    const answers: Answers = {
      '/projects/7/repositories': repositories(makeRepository({ sync_state: 'queued' })),
    };
    const { callsTo } = renderScreen('member', answers);
    const github = await item('team/app');
    expect(within(github).getByTestId('sync-state').textContent).toBe('Queued');
    answers['/projects/7/repositories'] = repositories(makeRepository({ sync_state: 'running' }));
    await waitFor(() => expect(within(github).getByTestId('sync-state').textContent).toBe('Syncing'));
    answers['/projects/7/repositories'] = repositories(makeRepository({ sync_state: 'idle' }));
    await waitFor(() => expect(within(github).getByTestId('sync-state').textContent).toBe('Up to date'));
    const reads = callsTo('GET', '/projects/7/repositories').length;
    expect(reads).toBe(3);
    // The sync is over: its pull requests are read again, and the polling stops.
    await waitFor(() => expect(callsTo('GET', '/projects/7/pull_requests')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(callsTo('GET', '/projects/7/repositories')).toHaveLength(reads);
  });

  it('lets a member sync now, but neither unlink nor see the webhook', async () => {
    const { callsTo } = renderScreen('member', {
      '/projects/7/repositories': repositories(makeRepository({ last_error: 'URL_NOT_VALID' })),
      'POST /repositories/3/sync': { status: 202, body: { data: makeRepository({ sync_state: 'queued' }) } },
    });
    const github = await item('team/app');
    expect(within(github).queryByRole('button', { name: /^Unlink/ })).toBeNull();
    expect(within(github).queryByRole('button', { name: /^Webhook/ })).toBeNull();
    expect(within(github).queryByText(/The last sync failed/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Link a repository' })).toBeNull();
    fireEvent.click(within(github).getByRole('button', { name: 'Sync now: team/app' }));
    await waitFor(() => expect(within(github).getByTestId('sync-state').textContent).toBe('Queued'));
    expect(callsTo('POST', '/repositories/3/sync')).toHaveLength(1);
    expect(within(github).getByRole('button', { name: 'Sync now: team/app' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('asks before unlinking, saying collected commits stay, and unlinks on confirmation', async () => {
    const { callsTo } = renderScreen('owner', {
      '/projects/7/repositories': repositories(makeRepository()),
      'DELETE /repositories/3': { status: 204 },
    });
    fireEvent.click(within(await item('team/app')).getByRole('button', { name: 'Unlink team/app' }));
    let dialog = await screen.findByRole('dialog', { name: 'Unlink team/app?' });
    expect(within(dialog).getByText(/The commits already collected stay on their tasks\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('DELETE', '/repositories/3')).toEqual([]);

    fireEvent.click(within(await item('team/app')).getByRole('button', { name: 'Unlink team/app' }));
    dialog = await screen.findByRole('dialog', { name: 'Unlink team/app?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('No repository linked yet')).toBeTruthy();
    expect(callsTo('DELETE', '/repositories/3')).toHaveLength(1);
  });

  it('shows an owner the webhook address and secret with copy buttons and the hook command', async () => {
    const { callsTo } = renderScreen('owner', {
      '/projects/7/repositories': repositories(
        makeRepository({ provider: 'git', name: 'lab', web_url: null }),
      ),
      '/repositories/3/webhook': {
        body: { data: { url: 'https://tb.example.edu/api/hooks/3', secret: 's3cr3t' } },
      },
    });
    const git = await item('lab');
    expect(callsTo('GET', '/repositories/3/webhook')).toEqual([]);
    fireEvent.click(within(git).getByRole('button', { name: 'Webhook of lab' }));
    expect(((await within(git).findByLabelText('Secret')) as HTMLInputElement).value).toBe('s3cr3t');
    expect((within(git).getByLabelText('Payload address') as HTMLInputElement).value).toBe(
      'https://tb.example.edu/api/hooks/3',
    );
    expect(within(git).getByRole('button', { name: 'Copy the secret' })).toBeTruthy();
    expect(within(git).getByRole('button', { name: 'Copy the payload address' })).toBeTruthy();
    expect(
      within(git).getByText(
        `curl -X POST -H "X-Teamboard-Token: s3cr3t" 'https://tb.example.edu/api/hooks/3'`,
      ),
    ).toBeTruthy();
  });

  it('lists the pull requests and loads the next page', async () => {
    const { callsTo } = renderScreen('viewer', {
      '/projects/7/repositories': repositories(makeRepository()),
      '/projects/7/pull_requests': {
        body: { data: [makePullRequest()], next_cursor: 'c2' },
      },
    });
    const table = await screen.findByRole('table', { name: 'Pull requests' });
    expect(within(table).getByRole('link', { name: 'Fix the login form' }).getAttribute('href')).toBe(
      'https://github.com/team/app/pull/12',
    );
    expect(within(table).getByText('Merged', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Open task 42' }).getAttribute('href')).toBe(
      '/project/7?task=42',
    );
    expect(within(table).getByText('Mar 1, 2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(callsTo('GET', '/projects/7/pull_requests')).toHaveLength(2));
    expect(callsTo('GET', '/projects/7/pull_requests')[1]!.url).toContain('cursor=c2');
  });
});

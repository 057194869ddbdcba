import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CommitsReport, PullRequestsReport, UsersHoursReport } from '@teamboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { catchDownloads, renderReport, rowTexts } from '../test-helpers';
import { CommitsReportScreen, type CommitsReportParams } from './commits-report-screen';
import { PullRequestsReportScreen } from './pull-requests-report-screen';
import { UsersHoursReportScreen } from './users-hours-report-screen';

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const usersHours: UsersHoursReport = {
  start_date: '2026-11-19',
  end_date: '2026-11-26',
  rows: [
    { user_id: 1, name: 'Ana', is_member: true, hours: 7.5, share: 0.75 },
    { user_id: 2, name: 'Ben, Jr.', is_member: true, hours: 2.5, share: 0.25 },
    { user_id: 3, name: 'Carla', is_member: true, hours: 0, share: 0 },
  ],
  total: 10,
};

describe('UsersHoursReportScreen', { timeout: 20_000 }, () => {
  const range = { start_date: '2026-11-19', end_date: '2026-11-26' };
  const ui = <UsersHoursReportScreen projectId="7" title="Users hours" params={range} pathOf={() => '/'} />;

  it('shows each member’s hours and share, and downloads the same numbers as CSV', async () => {
    const downloads = catchDownloads();
    renderReport(ui, '/', { '/projects/7/reports/users_hours': { body: { data: usersHours } } });
    const table = await screen.findByRole('table', { name: /^Hours and share of each member/ });
    expect(rowTexts(table)).toEqual([
      ['Member', 'Hours', '% of total'],
      ['Ana', '7.5 h', '75%'],
      ['Ben, Jr.', '2.5 h', '25%'],
      ['Carla', '0 h', '0%'],
      ['Total', '10 h', '100%'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads.map((file) => file.name)).toEqual(['users-hours-2026-11-19-2026-11-26.csv']);
    const bytes = new Uint8Array(await downloads[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(downloads[0]!.blob.type).toBe('text/csv;charset=utf-8');
    // (text() drops the byte order mark.)
    expect(await downloads[0]!.blob.text()).toBe(
      'Member,Hours,% of total\r\nAna,7.5,75\r\n"Ben, Jr.",2.5,25\r\nCarla,0,0\r\nTotal,10,100\r\n',
    );
  });

  it('shows the table instead of the chart on request', async () => {
    renderReport(ui, '/', { '/projects/7/reports/users_hours': { body: { data: usersHours } } });
    await screen.findByRole('table');
    expect(document.querySelector('.recharts-responsive-container')).not.toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Table' }));
    await waitFor(() => expect(document.querySelector('.recharts-responsive-container')).toBeNull());
    expect(screen.getByRole('table')).toBeTruthy();
  });
});

const commits: CommitsReport = {
  start_date: '2026-11-19',
  end_date: '2026-11-20',
  days: ['2026-11-19', '2026-11-20'],
  members: [
    { user_id: 1, name: 'Ana', is_member: true },
    { user_id: null, name: '', is_member: false },
  ],
  cells: [
    { day: '2026-11-19', user_id: 1, commits: 3 },
    { day: '2026-11-20', user_id: null, commits: 1 },
  ],
  total: 4,
  linked_to_tasks: 3,
};

describe('CommitsReportScreen', { timeout: 20_000 }, () => {
  const props = {
    projectId: '7',
    title: 'Commits',
    members: [
      { id: 1, name: 'Ana' },
      { id: 2, name: 'Ben' },
    ],
    repositories: [{ id: 3, name: 'team/app' }],
    pathOf: (params: CommitsReportParams) =>
      `/c/${params.start_date}/${params.end_date}/${params.user_id}/${params.selected_repo_id}`,
  };
  const params = { start_date: '2026-11-19', end_date: '2026-11-20', user_id: 'all', selected_repo_id: '3' };

  it('shows the commits per day and author, the share linked to tasks, and asks for the chosen repository', async () => {
    const { reportCalls } = renderReport(<CommitsReportScreen {...props} params={params} />, '/', {
      '/projects/7/reports/commits': { body: { data: commits } },
    });
    const table = await screen.findByRole('table', { name: /^Commits per day and author/ });
    expect(rowTexts(table)).toEqual([
      ['Day', 'Ana', 'Authors who are not members', 'Total'],
      ['Nov 19', '3', '0', '3'],
      ['Nov 20', '0', '1', '1'],
      ['Total', '3', '1', '4'],
    ]);
    expect(screen.getByText('4 commits · 3 linked to tasks (75%)')).toBeTruthy();
    expect(reportCalls('commits')).toEqual([
      '/api/projects/7/reports/commits?start_date=2026-11-19&end_date=2026-11-20&repository_id=3',
    ]);
  });

  it('goes to the address of the chosen author', async () => {
    const { router } = renderReport(<CommitsReportScreen {...props} params={params} />, '/', {
      '/projects/7/reports/commits': { body: { data: commits } },
    });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('combobox', { name: 'Author' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ben', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/c/2026-11-19/2026-11-20/2/3'));
  });

  it('says so when the address names no valid author, without asking the server', async () => {
    const { reportCalls } = renderReport(
      <CommitsReportScreen {...props} params={{ ...params, user_id: 'nobody' }} />,
      '/',
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/does not name a valid member/);
    expect(reportCalls('commits')).toEqual([]);
  });
});

const pullRequests: PullRequestsReport = {
  start_date: '2026-09-07',
  end_date: '2026-11-26',
  weeks: [
    { week: '2026-11-16', opened: 4, merged: 2, closed: 1 },
    { week: '2026-11-23', opened: 1, merged: 1, closed: 0 },
  ],
  time_to_merge_hours: { median: 36, mean: 5.25, count: 3 },
  reviews: [{ login: 'ben-gh', user_id: 2, name: 'Ben', reviews: 5 }],
};

describe('PullRequestsReportScreen', { timeout: 20_000 }, () => {
  it('reports the server’s default weeks, the time to merge and the reviews, in Spanish', async () => {
    await changeLanguage('es');
    const { reportCalls } = renderReport(
      <PullRequestsReportScreen projectId="7" title="Pull requests" params={{}} pathOf={() => '/'} />,
      '/',
      { '/projects/7/reports/pull_requests': { body: { data: pullRequests } } },
    );
    const weeks = await screen.findByRole('table', { name: /^Pull requests por semana/ });
    expect(rowTexts(weeks)).toEqual([
      ['Semana del', 'Abiertos', 'Fusionados', 'Cerrados sin fusionar'],
      ['16 nov', '4', '2', '1'],
      ['23 nov', '1', '1', '0'],
      ['Total', '5', '3', '1'],
    ]);
    expect(screen.getByText('36 h (1,5 días)')).toBeTruthy();
    expect(screen.getByText('5,25 h')).toBeTruthy();
    expect(screen.getByText('Calculado sobre 3 pull requests fusionados')).toBeTruthy();
    const reviews = screen.getByRole('table', { name: /^Revisiones enviadas por revisor/ });
    expect(rowTexts(reviews)[1]).toEqual(['Ben', 'ben-gh', '5']);
    expect(screen.getByRole('button', { name: 'Descargar CSV: Revisiones por revisor' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Desde' }) as HTMLInputElement).value).toBe('7 sept 2026');
    expect(reportCalls('pull_requests')).toEqual(['/api/projects/7/reports/pull_requests']);
  });
});

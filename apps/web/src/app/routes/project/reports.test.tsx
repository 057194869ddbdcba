import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HoursReport } from '@teamboard/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { credentials, makeBoard, makeProject, makeUser } from '../../../test/fixtures';
import { preloadSignedInFrame, renderApp, stubFetch } from '../../../test/render';

// Both report routes are lazy chunks (the detail one with the charts): load them once up front.
beforeAll(async () => {
  await Promise.all([import('./reports'), import('./report-detail'), preloadSignedInFrame()]);
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

type Answers = NonNullable<Parameters<typeof stubFetch>[0]>;

function signedIn(answers: Answers = {}) {
  setSession(credentials, makeUser());
  const stub = stubFetch({ '/projects/7': { body: { data: makeProject() } }, ...answers });
  vi.stubGlobal('fetch', stub.fetchStub);
  const reportCalls = (name: string) =>
    stub.calls.filter((call) => call.url.startsWith(`/api/projects/7/reports/${name}?`));
  return { ...stub, reportCalls };
}

const hours: HoursReport = {
  start_date: '2026-11-19',
  end_date: '2026-11-21',
  filter: 'day',
  buckets: ['2026-11-19', '2026-11-20', '2026-11-21'],
  members: [
    { user_id: 1, name: 'Ana', is_member: true },
    { user_id: 2, name: 'Ben', is_member: false },
  ],
  cells: [
    { bucket: '2026-11-19', user_id: 1, hours: 2.5 },
    { bucket: '2026-11-20', user_id: 1, hours: 1 },
    { bucket: '2026-11-20', user_id: 2, hours: 3.25 },
  ],
  total: 6.75,
};
const hoursPath = '/project/7/report/hours/2026-11-19/2026-11-21/day';
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

describe('/project/:id/report', { timeout: 20_000 }, () => {
  const linkOf = (list: HTMLElement, name: string) =>
    within(list).getByRole('link', { name: new RegExp(`^${name}`) });

  it('links every report with its defaults: 7 days ago to today, by day, everyone, the running milestone, the first board', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 26, 23, 30));
    const { reportCalls } = signedIn({
      '/projects/7/milestones': {
        body: {
          data: [
            {
              milestone_id: 4,
              milestone_name: 'Sprint 2',
              project_id: 7,
              start_date: '2026-11-16',
              deadline: '2026-11-29',
              sprint: true,
            },
            {
              milestone_id: 3,
              milestone_name: 'Sprint 1',
              project_id: 7,
              start_date: '2026-11-02',
              deadline: '2026-11-15',
              sprint: true,
            },
          ],
        },
      },
      '/projects/7/boards': { body: { data: [makeBoard({ id: 12 }), makeBoard({ id: 15 })] } },
      '/projects/7/reports/hours': { body: { data: hours } },
    });
    renderApp('/project/7/report');
    const list = await screen.findByRole('list', { name: 'Reports' });
    const href = (name: string) => linkOf(list, name).getAttribute('href');
    expect(within(list).getAllByRole('listitem')).toHaveLength(13);
    expect(href('Hours')).toBe('/project/7/report/hours/2026-11-19/2026-11-26/day');
    expect(href('Users hours')).toBe('/project/7/report/user/2026-11-19/2026-11-26');
    expect(href('Commits')).toBe('/project/7/report/commits/2026-11-19/2026-11-26/all/all');
    expect(href('Pull requests')).toBe('/project/7/report/pullrequests');
    expect(href('Lead time')).toBe('/project/7/report/lead');
    expect(href('Workload')).toBe('/project/7/report/workload/2026-11-19/2026-11-26/all');
    await waitFor(() => expect(href('Burndown')).toBe('/project/7/report/burndown/4'));
    // Each card shows its report's key figure over the same range, asked of the same API.
    await within(linkOf(list, 'Hours')).findByText('6.75 h logged');
    expect(reportCalls('hours').map((call) => call.url)).toEqual([
      '/api/projects/7/reports/hours?start_date=2026-11-19&end_date=2026-11-26&filter=day',
    ]);
    // A report that cannot answer keeps its card, without a figure.
    expect(within(linkOf(list, 'Commits')).queryByText(/^Commits: /)).toBeNull();
    expect(href('Burnup')).toBe('/project/7/report/burnup/4');
    expect(href('Task progress')).toBe('/project/7/report/taskprogress/2026-11-19/2026-11-26/12');
  });

  it('sends the milestone and board reports to make a milestone or a board first when the project has none', async () => {
    signedIn({
      '/projects/7/milestones': { body: { data: [] } },
      '/projects/7/boards': { body: { data: [] } },
    });
    renderApp('/project/7/report');
    const list = await screen.findByRole('list', { name: 'Reports' });
    await waitFor(() => expect(linkOf(list, 'Burnup').getAttribute('href')).toBe('/project/7/milestone'));
    expect(within(list).getAllByText('Create a milestone first: this report follows one.')).toHaveLength(4);
    expect(within(list).getAllByText('Create a board first: this report follows its columns.')).toHaveLength(
      1,
    );
    expect(linkOf(list, 'Task progress').getAttribute('href')).toBe('/project/7');
  });
});

describe('/project/:id/report/hours/:start_date/:end_date/:filter_option', { timeout: 20_000 }, () => {
  it('shows the hours per day and member, with the totals, in the table', async () => {
    const { reportCalls } = signedIn({ '/projects/7/reports/hours': { body: { data: hours } } });
    renderApp(hoursPath);
    const table = await screen.findByRole('table', {
      name: /^Hours per day and member, Nov 19\s–\s21, 2026$/,
    });
    expect(rowTexts(table)).toEqual([
      ['Day', 'Ana', 'Ben (former member)', 'Total'],
      ['Nov 19', '2.5 h', '0 h', '2.5 h'],
      ['Nov 20', '1 h', '3.25 h', '4.25 h'],
      ['Nov 21', '0 h', '0 h', '0 h'],
      ['Total', '3.5 h', '3.25 h', '6.75 h'],
    ]);
    expect(screen.getByText('6.75 h in total')).toBeTruthy();
    expect(reportCalls('hours').map((call) => call.url)).toEqual([
      '/api/projects/7/reports/hours?start_date=2026-11-19&end_date=2026-11-21&filter=day',
    ]);
  });

  it('words hours and days in Spanish', async () => {
    await changeLanguage('es');
    signedIn({ '/projects/7/reports/hours': { body: { data: hours } } });
    renderApp(hoursPath);
    const table = await screen.findByRole('table', {
      name: /^Horas por día y miembro, 19\s?–\s?21 nov 2026$/,
    });
    expect(rowTexts(table)[1]).toEqual(['19 nov', '2,5 h', '0 h', '2,5 h']);
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeTruthy();
  });

  it('goes to the address of the new grouping when it changes, and asks for it', async () => {
    const { reportCalls } = signedIn({ '/projects/7/reports/hours': { body: { data: hours } } });
    const { router } = renderApp(hoursPath);
    await screen.findByRole('table', { name: /^Hours per day/ });
    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/project/7/report/hours/2026-11-19/2026-11-21/week'),
    );
    await waitFor(() => expect(reportCalls('hours').at(-1)?.url).toContain('&filter=week'));
    // A new history entry: Back returns to the daily view.
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('says a daily range over 30 days is too long, in the reader’s language, without asking the server', async () => {
    await changeLanguage('es');
    const { reportCalls } = signedIn({ '/projects/7/reports/hours': { body: { data: hours } } });
    renderApp('/project/7/report/hours/2026-01-01/2026-03-01/day');
    const message = await screen.findByText('La vista por días abarca como máximo 30 días.');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(reportCalls('hours')).toEqual([]);
  });

  it('shows the server’s refusal of a range the same way', async () => {
    signedIn({
      '/projects/7/reports/hours': {
        status: 422,
        body: { errors: ['The weekly view covers at most 2 months.'], code: 'RANGE_TOO_LONG_WEEK' },
      },
    });
    renderApp('/project/7/report/hours/2026-01-01/2026-02-01/week');
    const message = await screen.findByText('The weekly view covers at most 2 months.');
    expect(message.closest('[role="alert"]')).not.toBeNull();
  });

  it('shows an empty state, not an empty chart, when nobody logged hours', async () => {
    signedIn({ '/projects/7/reports/hours': { body: { data: { ...hours, cells: [], total: 0 } } } });
    renderApp(hoursPath);
    expect(await screen.findByText('No hours logged in this period')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

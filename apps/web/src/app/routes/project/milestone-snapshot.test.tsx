import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Milestone, MilestoneSnapshot, MilestoneSnapshotSummary } from '@teamboard/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { credentials, makeProject, makeUser } from '../../../test/fixtures';
import { preloadSignedInFrame, renderApp, stubFetch } from '../../../test/render';

beforeAll(async () => {
  await Promise.all([import('./milestones'), import('./milestone-snapshot'), preloadSignedInFrame()]);
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

type Answers = NonNullable<Parameters<typeof stubFetch>[0]>;

function signedIn(answers: Answers = {}) {
  setSession(credentials, makeUser());
  const stub = stubFetch({
    '/projects/7': { body: { data: makeProject({ time_zone: 'America/Bogota' }) } },
    '/projects/7/milestones': { body: { data: milestones } },
    ...answers,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

const milestone = (id: number, name: string, start: string, deadline: string): Milestone => ({
  milestone_id: id,
  milestone_name: name,
  project_id: 7,
  start_date: start,
  deadline,
  sprint: false,
});
const milestones = [
  milestone(3, 'Sprint 1', '2026-11-16', '2026-11-24'),
  milestone(4, 'Sprint 2', '2026-11-25', '2026-12-05'),
];

const summary = (id: number, deadline: string, overrides: Partial<MilestoneSnapshotSummary> = {}) => ({
  id,
  milestone_id: 3,
  project_id: 7,
  milestone_name: 'Sprint 1',
  deadline,
  taken_at: '2026-11-25T05:00:00.000Z',
  source: 'schedule' as const,
  ...overrides,
});

function snapshotOf(id: number, deadline: string, cardTitle: string): MilestoneSnapshot {
  return {
    ...summary(id, deadline),
    body: {
      version: 1,
      milestone: { milestone_id: 3, name: 'Sprint 1', start_date: '2026-11-16', deadline, sprint: false },
      time_zone: 'America/Bogota',
      boards: [
        {
          id: 1,
          name: 'Main',
          columns: [
            {
              id: 10,
              name: 'To do',
              task_count: 3,
              tasks: [
                {
                  id: 100,
                  title: cardTitle,
                  assignees: [{ user_id: 2, name: 'Beto' }],
                  completed: false,
                  completed_at: null,
                  expected_hours: 2.5,
                  labels: [{ id: 1, name: 'bug', color: '#FF0000' }],
                  archived: false,
                },
              ],
            },
            { id: 11, name: 'Done', task_count: 0, tasks: [] },
          ],
        },
      ],
      hours: {
        start_date: '2026-11-16',
        end_date: deadline,
        total: 6.5,
        milestone_total: 2.5,
        members: [
          { user_id: 1, name: 'Ana', is_member: true, hours: 4, milestone_hours: 0 },
          { user_id: 2, name: 'Beto', is_member: false, hours: 2.5, milestone_hours: 2.5 },
        ],
        tasks: [{ task_id: 100, title: cardTitle, hours: 2.5, members: [{ user_id: 2, hours: 2.5 }] }],
      },
      burndown: null,
      commits: [
        {
          task_id: 100,
          sha: '9f8e7d6c5b4a39281706f5e4d3c2b1a098765432',
          message: 'Add the sign-up endpoint',
          author: 'Ana García',
          url: 'https://github.com/team/app/commit/9f8e7d6',
          committed_at: '2026-11-21T15:00:00.000Z',
        },
      ],
    },
  };
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

describe('the milestones screen', { timeout: 20_000 }, () => {
  it('offers the snapshot of a milestone whose deadline day has ended in the project’s zone, and of deleted ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T06:00:00.000Z')); // Nov 25, 01:00 in Bogotá
    signedIn({
      '/projects/7/milestone_snapshots': {
        body: { data: [summary(9, '2026-11-10', { milestone_id: null, milestone_name: 'Kick-off' })] },
      },
    });
    renderApp('/project/7/milestone');
    const list = await screen.findByRole('list', { name: 'Milestones of the project' });
    const link = within(list).getByRole('link', { name: 'Snapshot of Sprint 1' });
    expect(link.getAttribute('href')).toBe('/project/7/milestone/3/snapshot');
    expect(within(list).queryByRole('link', { name: 'Snapshot of Sprint 2' })).toBeNull();
    const deleted = await screen.findByRole('link', { name: /^Kick-off · deadline/ });
    expect(deleted.getAttribute('href')).toBe('/project/7/milestone/snapshots/9');
  });

  it('does not offer it while the deadline day is still running there', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T04:30:00.000Z')); // Nov 24, 23:30 in Bogotá
    signedIn({ '/projects/7/milestone_snapshots': { body: { data: [] } } });
    renderApp('/project/7/milestone');
    const list = await screen.findByRole('list', { name: 'Milestones of the project' });
    expect(within(list).getByText('Sprint 1')).toBeTruthy();
    expect(within(list).queryByRole('link', { name: /^Snapshot/ })).toBeNull();
  });
});

describe('/project/:id/milestone/:milestone_id/snapshot', { timeout: 20_000 }, () => {
  it('shows the frozen board, hours and commits with the moment it was frozen', async () => {
    signedIn({
      '/milestones/3/snapshots': { body: { data: [summary(5, '2026-11-24')] } },
      '/milestone_snapshots/5': { body: { data: snapshotOf(5, '2026-11-24', 'Login form') } },
    });
    renderApp('/project/7/milestone/3/snapshot');
    expect(await screen.findByRole('heading', { level: 1, name: 'Snapshot · Sprint 1' })).toBeTruthy();
    expect(await screen.findByText(/^Frozen at Nov 25, 2026/)).toBeTruthy();
    const column = screen.getByRole('region', { name: 'To do' });
    expect(within(column).getByText('1 of 3 tasks')).toBeTruthy();
    const card = within(column).getByRole('article', { name: 'Login form' });
    expect(within(card).getByText('bug')).toBeTruthy();
    expect(within(card).getByText('Expected: 2.5 h')).toBeTruthy();
    expect(within(card).getByText('Assigned to Beto')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Done' })).getByText("None of the milestone's tasks"),
    ).toBeTruthy();
    expect(rowTexts(screen.getByRole('table', { name: 'Hours per member' }))).toEqual([
      ['Member', 'All tasks', 'Milestone tasks'],
      ['Ana', '4 h', '0 h'],
      ['Beto (former member)', '2.5 h', '2.5 h'],
      ['Total', '6.5 h', '2.5 h'],
    ]);
    expect(rowTexts(screen.getByRole('table', { name: 'Hours per task of the milestone' }))).toEqual([
      ['Task', 'Hours', 'Reported by'],
      ['Login form', '2.5 h', 'Beto 2.5 h'],
    ]);
    const commits = screen.getByRole('list', { name: 'Commits' });
    expect(within(commits).getByRole('link', { name: '9f8e7d6' }).getAttribute('href')).toBe(
      'https://github.com/team/app/commit/9f8e7d6',
    );
    expect(within(commits).getByText('Add the sign-up endpoint')).toBeTruthy();
    expect(screen.getByText('The milestone is too long to chart its burndown.')).toBeTruthy();
  });

  it('keeps each deadline’s snapshot, newest first, and reads in Spanish with decimal commas', async () => {
    await changeLanguage('es');
    const stub = signedIn({
      '/milestones/3/snapshots': { body: { data: [summary(6, '2026-11-27'), summary(5, '2026-11-24')] } },
      '/milestone_snapshots/5': { body: { data: snapshotOf(5, '2026-11-24', 'Formulario viejo') } },
      '/milestone_snapshots/6': { body: { data: snapshotOf(6, '2026-11-27', 'Formulario nuevo') } },
    });
    const { router } = renderApp('/project/7/milestone/3/snapshot');
    expect(await screen.findByRole('article', { name: 'Formulario nuevo' })).toBeTruthy();
    expect(screen.getByText('Estimado: 2,5 h')).toBeTruthy();
    expect(screen.getByText(/^Congelada el 25 nov 2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Fecha límite' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fecha límite 24 nov 2026', hidden: true }));
    expect(await screen.findByRole('article', { name: 'Formulario viejo' })).toBeTruthy();
    expect(router.state.location.search).toBe('?snapshot=5');
    expect(stub.calls.filter((call) => call.url === '/api/milestones/3/snapshots')).toHaveLength(1);
  });

  it('says when there is no snapshot yet', async () => {
    signedIn({ '/milestones/4/snapshots': { body: { data: [] } } });
    renderApp('/project/7/milestone/4/snapshot');
    expect(await screen.findByText('No snapshot yet')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/deadline day \(Dec 5, 2026\) has ended/)).toBeTruthy());
  });
});

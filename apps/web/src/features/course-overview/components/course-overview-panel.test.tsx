import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CourseOverview, CourseTeam } from '@teamboard/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { stubFetch } from '../../../test/render';
import { CourseOverviewPanel } from './course-overview-panel';

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function team(overrides: Partial<CourseTeam>): CourseTeam {
  return {
    project_id: 1,
    name: 'Team',
    is_private: false,
    role: null,
    course: { year: '3', semester: '2026-2', section: 'A', group: 'G1' },
    placement: 'set',
    today: '2026-11-22',
    week_start: '2026-11-16',
    members: 5,
    hours_week: 14,
    tasks_closed_week: 4,
    commits_week: 6,
    merged_prs_week: 2,
    open_blockers: 0,
    mood: { standups: 4, average: 4, slope: 1.4, trend: 'up' },
    last_activity: '2026-11-22',
    days_since_activity: 0,
    burndown: null,
    outliers: [],
    ...overrides,
  };
}

const OVERVIEW: CourseOverview = {
  filters: { years: ['3'], semesters: ['2026-2'], sections: ['A', 'B'], groups: ['G1', 'G4'] },
  total_teams: 3,
  teams: [
    team({ project_id: 1, name: 'Alpha' }),
    team({
      project_id: 4,
      name: 'Delta',
      placement: 'inferred',
      course: { year: '3', semester: '2026-2', section: 'A', group: 'G4' },
      hours_week: 2.5,
      commits_week: null,
      merged_prs_week: null,
      mood: { standups: 3, average: 2, slope: -1.75, trend: 'down' },
      burndown: {
        milestone_id: 9,
        name: 'Release 1',
        start_date: '2026-11-09',
        deadline: '2026-11-30',
        sprint: false,
        scope: 6,
        remaining: 5,
        ideal_remaining: 1.9,
        behind: 3.1,
      },
      outliers: [{ metric: 'hours_week', direction: 'low', value: 2.5, median: 13.25 }],
    }),
    team({ project_id: 7, name: 'Bravo', hours_week: 20, is_private: true, role: 'viewer' }),
  ],
};

function renderPanel(path = '/dashboard?tab=course') {
  const stub = stubFetch({
    '/dashboard/course_overview': { body: { data: OVERVIEW } },
    '/dashboard/course_overview.csv': { body: undefined },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <CourseOverviewPanel /> }], {
    initialEntries: [path],
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, calls: stub.calls };
}

const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getAllByRole('link')[0]!.textContent);

describe('CourseOverviewPanel', { timeout: 20_000 }, () => {
  it('lists the teams with their numbers, marks the outlier and says why', async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: /^Teams, one per row/ });
    expect(rowNames(table)).toEqual(['Alpha', 'Bravo', 'Delta']);
    const delta = screen.getByRole('row', { name: /Delta/ });
    expect(within(delta).getByText('Hours this week: 2.5 h vs section median 13.25 h')).toBeTruthy();
    expect(delta.querySelectorAll('[data-flagged]')).toHaveLength(1);
    expect(delta.querySelector('[data-flagged]')!.textContent).toBe('2.5');
    expect(within(delta).getByText('inferred')).toBeTruthy();
    expect(within(delta).getAllByText('n/a')).toHaveLength(1);
    expect(within(screen.getByRole('row', { name: /Alpha/ })).getByText('6 / 2')).toBeTruthy();
    expect(within(delta).getByText('5 left · ideal 1.9')).toBeTruthy();
    expect(within(delta).getByText('Down')).toBeTruthy();
    expect(within(delta).getByRole('link', { name: 'Fairness' }).getAttribute('href')).toBe(
      '/project/4/fairness',
    );
    expect(within(delta).getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe(
      '/project/4/report',
    );
    expect(within(delta).getByRole('link', { name: 'Board' }).getAttribute('href')).toBe('/project/4');
    expect(screen.getByText('3 of 3 teams')).toBeTruthy();
    // The table scrolls inside its own box (a phone does not scroll the page sideways).
    expect(table.closest('.mantine-TableScrollContainer-scrollContainerInner')).not.toBeNull();
  });

  it('sorts by a column, then the other way round, keeping the order in the address', async () => {
    const { router } = renderPanel();
    const table = await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Hours this week' }));
    await waitFor(() => expect(rowNames(table)).toEqual(['Delta', 'Alpha', 'Bravo']));
    expect(screen.getByRole('columnheader', { name: /Hours this week/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Hours this week' }));
    await waitFor(() => expect(rowNames(table)).toEqual(['Bravo', 'Alpha', 'Delta']));
    expect(router.state.location.search).toBe('?tab=course&sort=hours_week&dir=desc');
    // Commits: the team without a repository sorts last either way.
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Commits / merged PRs' }));
    await waitFor(() => expect(rowNames(table).at(-1)).toBe('Delta'));
  });

  it('asks the server for the teams of the chosen section, and downloads the rows shown as CSV', async () => {
    const { calls } = renderPanel('/dashboard?tab=course&section=A&sort=name&dir=desc');
    await screen.findByRole('table');
    expect(calls.map((call) => call.url)).toContain('/api/dashboard/course_overview?section=A');
    const files: Blob[] = [];
    class ObjectUrls extends URL {
      static override createObjectURL(file: Blob) {
        files.push(file);
        return 'blob:csv';
      }
      static override revokeObjectURL() {}
    }
    vi.stubGlobal('URL', ObjectUrls);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(calls.map((call) => call.url)).toContain(
      '/api/dashboard/course_overview.csv?section=A&sort=name&direction=desc',
    );
    expect([...new Uint8Array(await files[0]!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('speaks Spanish, with decimal commas', async () => {
    await changeLanguage('es');
    renderPanel();
    const table = await screen.findByRole('table', { name: /^Equipos, uno por fila/ });
    expect(within(table).getByRole('button', { name: 'Ordenar por Horas esta semana' })).toBeTruthy();
    const delta = screen.getByRole('row', { name: /Delta/ });
    expect(
      within(delta).getByText('Horas esta semana: 2,5 h frente a la mediana de la sección, 13,25 h'),
    ).toBeTruthy();
    expect(within(delta).getByText('deducido')).toBeTruthy();
    expect(within(delta).getByText('quedan 5 · ideal 1,9')).toBeTruthy();
    expect(screen.getByText('3 de 3 equipos')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cómo funcionan las alertas' })).toBeTruthy();
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LeadTimeReport, TasksReport } from '@teamboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { catchDownloads, renderReport, rowTexts } from '../test-helpers';
import { LeadTimeReportScreen } from './lead-time-report-screen';
import { TasksReportScreen, type TasksReportParams } from './tasks-report-screen';

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const none = { count: 0, tasks: [] };
const tasksReport: TasksReport = {
  start_date: '2026-11-19',
  end_date: '2026-11-20',
  today: '2026-11-22',
  user: { user_id: 3, name: 'Carla', is_member: false },
  days: [
    { day: '2026-11-19', created: 2, completed: 0 },
    { day: '2026-11-20', created: 0, completed: 1 },
  ],
  metrics: {
    created: {
      count: 2,
      tasks: [
        { id: 11, title: 'Write the report', day: '2026-11-19' },
        { id: 12, title: 'Fix the login', day: '2026-11-19' },
      ],
    },
    started: none,
    completed: { count: 250, tasks: [{ id: 11, title: 'Write the report', day: '2026-11-20' }] },
    reopened: none,
    overdue: { count: 1, tasks: [{ id: 12, title: 'Fix the login', day: '2026-11-19' }] },
  },
};

describe('TasksReportScreen', { timeout: 20_000 }, () => {
  const props = {
    projectId: '7',
    title: 'Tasks',
    members: [
      { id: 1, name: 'Ana' },
      { id: 2, name: 'Ben' },
    ],
    pathOf: (params: TasksReportParams) => `/t/${params.start_date}/${params.end_date}/${params.user_id}`,
  };
  const params = { start_date: '2026-11-19', end_date: '2026-11-20', user_id: '3' };

  it('shows the numbers, the tasks behind them with links, the daily table and its CSV', async () => {
    const downloads = catchDownloads();
    const { reportCalls } = renderReport(<TasksReportScreen {...props} params={params} />, '/', {
      '/projects/7/reports/tasks': { body: { data: tasksReport } },
    });
    const table = await screen.findByRole('table', { name: /^Tasks created and completed per day/ });
    expect(rowTexts(table)).toEqual([
      ['Day', 'Created', 'Completed'],
      ['Nov 19', '2', '0'],
      ['Nov 20', '0', '1'],
      ['Total', '2', '1'],
    ]);
    expect(reportCalls('tasks')).toEqual([
      '/api/projects/7/reports/tasks?start_date=2026-11-19&end_date=2026-11-20&user_id=3',
    ]);
    expect(screen.getByText('Only tasks assigned to Carla (former member).')).toBeTruthy();
    const numbers = screen.getByRole('list', { name: 'Numbers of the period' });
    expect(Array.from(numbers.querySelectorAll('li'), (item) => item.textContent)).toEqual([
      'Created2',
      'Started0',
      'Completed250',
      'Reopened0',
      'Overdue1',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Overdue: 1' }));
    const link = await screen.findByRole('link', { name: 'Fix the login' });
    expect(link.getAttribute('href')).toBe('/project/7?task=12');
    expect(within(link.parentElement!).getByText('Due Nov 19, 2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Completed: 250' }));
    expect(await screen.findByText(/The newest 1 of 250\./)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads.map((file) => file.name)).toEqual(['tasks-2026-11-19-2026-11-20.csv']);
    expect(await downloads[0]!.blob.text()).toBe(
      'Day,Created,Completed\r\n2026-11-19,2,0\r\n2026-11-20,0,1\r\nTotal,2,1\r\n',
    );
  });

  it('goes to the address of the chosen member', async () => {
    const { router } = renderReport(<TasksReportScreen {...props} params={params} />, '/', {
      '/projects/7/reports/tasks': { body: { data: tasksReport } },
    });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('combobox', { name: 'Member' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All members', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/2026-11-19/2026-11-20/all'));
  });

  it('says so when the address names no valid member, without asking the server', async () => {
    await changeLanguage('es');
    const bad = renderReport(<TasksReportScreen {...props} params={{ ...params, user_id: 'x' }} />, '/');
    expect((await screen.findByRole('alert')).textContent).toMatch(/no corresponde a un miembro válido/);
    expect(bad.reportCalls('tasks')).toEqual([]);
  });

  it('refuses a range of more than a year', async () => {
    const { reportCalls } = renderReport(
      <TasksReportScreen {...props} params={{ ...params, start_date: '2025-11-01' }} />,
      '/',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('This report covers at most 1 year.');
    expect(reportCalls('tasks')).toEqual([]);
  });
});

const leadReport: LeadTimeReport = {
  start_date: '2026-11-09',
  end_date: '2026-11-22',
  summary: {
    count: 3,
    lead_days: { median: 2.5, mean: 6 },
    cycle_days: { median: 1, mean: 1.25, count: 2 },
  },
  distribution: [
    { from: 0, to: 1, count: 1 },
    { from: 1, to: 2, count: 0 },
    { from: 2, to: 4, count: 1 },
    { from: 4, to: 7, count: 0 },
    { from: 7, to: 14, count: 1 },
    { from: 14, to: 30, count: 0 },
    { from: 30, to: null, count: 0 },
  ],
  weeks: [
    { week: '2026-11-09', count: 0, median_lead_days: null, median_cycle_days: null },
    { week: '2026-11-16', count: 3, median_lead_days: 2.5, median_cycle_days: 1 },
  ],
  tasks: [
    {
      id: 21,
      title: 'Ship it',
      created_at: '2026-11-10T12:00:00.000Z',
      started_at: '2026-11-11T12:00:00.000Z',
      completed_at: '2026-11-20T12:00:00.000Z',
      lead_days: 10,
      cycle_days: 9,
    },
  ],
};

describe('LeadTimeReportScreen', { timeout: 20_000 }, () => {
  it('reports the server’s default weeks: summary, distribution, trend and tasks, in Spanish', async () => {
    await changeLanguage('es');
    const downloads = catchDownloads();
    const { reportCalls } = renderReport(
      <LeadTimeReportScreen projectId="7" title="Lead" params={{}} pathOf={() => '/'} />,
      '/',
      { '/projects/7/reports/lead': { body: { data: leadReport } } },
    );
    const distribution = await screen.findByRole('table', { name: /^Tareas por tiempo de entrega/ });
    expect(reportCalls('lead')).toEqual(['/api/projects/7/reports/lead']);
    expect(rowTexts(distribution)).toEqual([
      ['Tiempo de entrega', 'Tareas'],
      ['Menos de 1 día', '1'],
      ['1–2 días', '0'],
      ['2–4 días', '1'],
      ['4–7 días', '0'],
      ['7–14 días', '1'],
      ['14–30 días', '0'],
      ['30 días o más', '0'],
      ['Total', '3'],
    ]);
    expect(screen.getByText('2,5 días')).toBeTruthy();
    expect(screen.getByText('1 día')).toBeTruthy();
    expect(screen.getByText('1,25 días')).toBeTruthy();
    const trend = screen.getByRole('table', { name: /^Tareas completadas y tiempos medianos por semana/ });
    expect(rowTexts(trend).slice(1)).toEqual([
      ['9 nov', '0', '', ''],
      ['16 nov', '3', '2,5', '1'],
    ]);
    const tasks = screen.getByRole('table', { name: /^Tareas completadas, la última primero/ });
    expect(within(tasks).getByRole('link', { name: 'Ship it' }).getAttribute('href')).toBe(
      '/project/7?task=21',
    );
    expect(rowTexts(tasks)[1]!.slice(4)).toEqual(['10', '9']);
    expect((screen.getByRole('textbox', { name: 'Desde' }) as HTMLInputElement).value).toBe('9 nov 2026');

    fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV: Tareas completadas' }));
    expect(downloads[0]!.name).toBe('lead-time-tasks-2026-11-09-2026-11-22.csv');
    expect(await downloads[0]!.blob.text()).toBe(
      // `;` for a Spanish reader's spreadsheet (issue 44.2).
      'ID;Tarea;Creada;Empezada;Completada;Tiempo de entrega (días);Tiempo de ciclo (días)\r\n' +
        '21;Ship it;2026-11-10T12:00:00.000Z;2026-11-11T12:00:00.000Z;2026-11-20T12:00:00.000Z;10;9\r\n',
    );
  });

  it('draws the trend as bars while only one week has a median (a line of one point looks empty)', async () => {
    const trendChart = async (weeks: LeadTimeReport['weeks']) => {
      renderReport(<LeadTimeReportScreen projectId="7" title="Lead" params={{}} pathOf={() => '/'} />, '/', {
        '/projects/7/reports/lead': { body: { data: { ...leadReport, weeks } } },
      });
      const trend = await screen.findByRole('region', { name: 'Trend per week' });
      const kind = trend.querySelector('.mantine-BarChart-root')
        ? 'bars'
        : trend.querySelector('.mantine-LineChart-root')
          ? 'line'
          : 'none';
      cleanup();
      return kind;
    };
    expect(await trendChart(leadReport.weeks)).toBe('bars');
    const later = { week: '2026-11-23', count: 1, median_lead_days: 4, median_cycle_days: null };
    expect(await trendChart([...leadReport.weeks, later])).toBe('line');
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const { reportCalls } = renderReport(
      <LeadTimeReportScreen
        projectId="7"
        title="Lead"
        params={{ start_date: '2026-11-22', end_date: '2026-11-01' }}
        pathOf={() => '/'}
      />,
      '/',
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The end date cannot be before the start date.',
    );
    expect(reportCalls('lead')).toEqual([]);
  });
});

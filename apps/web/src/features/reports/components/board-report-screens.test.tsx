import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TaskProgressReport, WorkloadReport } from '@teamboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { catchDownloads, renderReport, rowTexts } from '../test-helpers';
import { TaskProgressReportScreen } from './task-progress-report-screen';
import { WorkloadReportScreen, type BoardReportParams } from './workload-report-screen';

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const boards = [
  { id: 4, name: 'Sprint board' },
  { id: 5, name: 'Bugs' },
];
const pathOf = (params: BoardReportParams) => `/r/${params.start_date}/${params.end_date}/${params.board_id}`;
const range = { start_date: '2026-11-20', end_date: '2026-11-26' };

const workload: WorkloadReport = {
  ...range,
  today: '2026-11-22',
  board_id: null,
  rows: [
    {
      user_id: 1,
      name: 'Ana',
      is_member: true,
      open_tasks: 2,
      due_in_range: 2,
      overdue: 1,
      expected_hours: 3.5,
      reported_hours: 2,
    },
    {
      user_id: 3,
      name: 'Carla',
      is_member: false,
      open_tasks: 1,
      due_in_range: 0,
      overdue: 0,
      expected_hours: 4,
      reported_hours: 0.5,
    },
    {
      user_id: null,
      name: '',
      is_member: false,
      open_tasks: 1,
      due_in_range: 0,
      overdue: 1,
      expected_hours: 1.5,
      reported_hours: 0,
    },
  ],
  totals: { open_tasks: 3, due_in_range: 2, overdue: 2, expected_hours: 7.5, reported_hours: 2.5 },
};

describe('WorkloadReportScreen', { timeout: 20_000 }, () => {
  const ui = (board_id: string) => (
    <WorkloadReportScreen
      projectId="7"
      title="Workload"
      params={{ ...range, board_id }}
      pathOf={pathOf}
      boards={boards}
    />
  );

  it('shows each member’s open, due and overdue tasks and hours, unassigned tasks last, and downloads them', async () => {
    const downloads = catchDownloads();
    const { reportCalls } = renderReport(ui('all'), '/', {
      '/projects/7/reports/workload': { body: { data: workload } },
    });
    const table = await screen.findByRole('table', { name: /^Workload per member/ });
    expect(rowTexts(table)).toEqual([
      ['Member', 'Open tasks', 'Due in the period', 'Overdue', 'Expected hours', 'Reported hours'],
      ['Ana', '2', '2', '1', '3.5 h', '2 h'],
      ['Carla (former member)', '1', '0', '0', '4 h', '0.5 h'],
      ['Unassigned', '1', '0', '1', '1.5 h', '0 h'],
      ['Total', '3', '2', '2', '7.5 h', '2.5 h'],
    ]);
    expect(screen.getByText('Open tasks: 3 · Overdue: 2 · Expected: 7.5 h · Reported: 2.5 h')).toBeTruthy();
    expect(reportCalls('workload')).toEqual([
      '/api/projects/7/reports/workload?start_date=2026-11-20&end_date=2026-11-26',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads.map((file) => file.name)).toEqual(['workload-2026-11-20-2026-11-26.csv']);
    expect(await downloads[0]!.blob.text()).toBe(
      'Member,Open tasks,Due in the period,Overdue,Expected hours,Reported hours\r\n' +
        'Ana,2,2,1,3.5,2\r\nCarla (former member),1,0,0,4,0.5\r\nUnassigned,1,0,1,1.5,0\r\nTotal,3,2,2,7.5,2.5\r\n',
    );
  });

  it('asks for the chosen board and goes to the address of another one, in Spanish', async () => {
    await changeLanguage('es');
    const { router, reportCalls } = renderReport(ui('4'), '/', {
      '/projects/7/reports/workload': { body: { data: { ...workload, board_id: 4 } } },
    });
    const table = await screen.findByRole('table', { name: /^Carga de trabajo por miembro/ });
    expect(rowTexts(table)[3]).toEqual(['Sin asignar', '1', '0', '1', '1,5 h', '0 h']);
    expect(reportCalls('workload')).toEqual([
      '/api/projects/7/reports/workload?start_date=2026-11-20&end_date=2026-11-26&board_id=4',
    ]);
    fireEvent.click(screen.getByRole('combobox', { name: 'Tablero' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Todos los tableros', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/r/2026-11-20/2026-11-26/all'));
  });

  it('says so when the address names no valid board, without asking the server', async () => {
    const { reportCalls } = renderReport(ui('board'), '/');
    expect((await screen.findByRole('alert')).textContent).toMatch(/does not name a valid board/);
    expect(reportCalls('workload')).toEqual([]);
  });
});

const progress: TaskProgressReport = {
  start_date: '2026-11-20',
  end_date: '2026-11-22',
  board_id: 4,
  columns: [
    { column_id: 10, name: 'Todo' },
    { column_id: 11, name: 'Done' },
    { column_id: null, name: '' },
  ],
  days: [
    { day: '2026-11-20', counts: [3, 0, 1] },
    { day: '2026-11-21', counts: [2, 1, 1] },
    { day: '2026-11-22', counts: [1, 3, 0] },
  ],
};

describe('TaskProgressReportScreen', { timeout: 20_000 }, () => {
  const ui = (params: Partial<BoardReportParams>) => (
    <TaskProgressReportScreen
      projectId="7"
      title="Task progress"
      params={params}
      pathOf={pathOf}
      boards={boards}
    />
  );

  it('shows the tasks per column and day in board order, "Other" last, and downloads them', async () => {
    const downloads = catchDownloads();
    const { reportCalls } = renderReport(
      ui({ start_date: '2026-11-20', end_date: '2026-11-22', board_id: '4' }),
      '/',
      {
        '/projects/7/reports/task_progress': { body: { data: progress } },
      },
    );
    const table = await screen.findByRole('table', { name: /^Tasks per column at the end of each day/ });
    expect(rowTexts(table)).toEqual([
      ['Day', 'Todo', 'Done', 'Other (renamed or deleted columns)', 'Tasks on the board'],
      ['Nov 20', '3', '0', '1', '4'],
      ['Nov 21', '2', '1', '1', '4'],
      ['Nov 22', '1', '3', '0', '4'],
    ]);
    expect(document.querySelector('.recharts-responsive-container')).not.toBeNull();
    expect(reportCalls('task_progress')).toEqual([
      '/api/projects/7/reports/task_progress?start_date=2026-11-20&end_date=2026-11-22&board_id=4',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads.map((file) => file.name)).toEqual(['task-progress-2026-11-20-2026-11-22.csv']);
    expect(await downloads[0]!.blob.text()).toBe(
      'Day,Todo,Done,Other (renamed or deleted columns),Tasks on the board\r\n' +
        '2026-11-20,3,0,1,4\r\n2026-11-21,2,1,1,4\r\n2026-11-22,1,3,0,4\r\n',
    );
  });

  it('asks to choose a board for `all`, and goes to the chosen one', async () => {
    const { router, reportCalls } = renderReport(ui({ ...range, board_id: 'all' }), '/');
    expect(
      await screen.findByText('Choose a board to see how its tasks flow through its columns.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Board' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bugs', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/r/2026-11-20/2026-11-26/5'));
    expect(reportCalls('task_progress')).toEqual([]);
  });

  it('refuses a range over a year, in Spanish, without asking the server', async () => {
    await changeLanguage('es');
    const { reportCalls } = renderReport(
      ui({ start_date: '2025-11-20', end_date: '2026-11-21', board_id: '4' }),
      '/',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Este informe abarca como máximo 1 año.');
    expect(reportCalls('task_progress')).toEqual([]);
  });
});

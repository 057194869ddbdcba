import { fireEvent, screen, waitFor } from '@testing-library/react';
import type {
  AverageCompletionReport,
  HoursVariationReport,
  Milestone,
  TimelineReport,
} from '@teamboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { catchDownloads, renderReport, rowTexts } from '../test-helpers';
import { AverageCompletionReportScreen } from './average-completion-report-screen';
import { HoursVariationReportScreen } from './hours-variation-report-screen';
import { TimelineReportScreen } from './timeline-report-screen';

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const sprint = {
  milestone_id: 3,
  name: 'Sprint 1',
  start_date: '2026-11-01',
  deadline: '2026-11-30',
  sprint: true,
};

const timeline: TimelineReport = {
  start_date: '2026-11-20',
  end_date: '2026-11-26',
  today: '2026-11-22',
  groups: [
    {
      milestone: sprint,
      tasks: [
        {
          id: 11,
          title: 'Design',
          milestone_id: 3,
          start: '2026-11-18',
          end: '2026-11-21',
          deadline: '2026-11-21',
          completed: false,
          is_blocked: false,
          blocked_reason: null,
          overdue: true,
          assignees: [1, 2],
        },
        {
          id: 12,
          title: 'Build',
          milestone_id: 3,
          start: '2026-11-21',
          end: '2026-11-30',
          deadline: '2026-11-30',
          completed: false,
          is_blocked: true,
          blocked_reason: 'Waiting for the API',
          overdue: false,
          assignees: [2],
        },
      ],
    },
    {
      milestone: null,
      tasks: [
        {
          id: 13,
          title: 'Done',
          milestone_id: null,
          start: '2026-11-20',
          end: '2026-11-20',
          deadline: '2026-11-20',
          completed: true,
          is_blocked: false,
          blocked_reason: null,
          overdue: false,
          assignees: [],
        },
      ],
    },
  ],
  total_tasks: 3,
  members: [
    { user_id: 1, name: 'Ana', is_member: true },
    { user_id: 2, name: 'Beto', is_member: false },
  ],
};

describe('TimelineReportScreen', { timeout: 20_000 }, () => {
  const range = { start_date: '2026-11-20', end_date: '2026-11-26' };
  const ui = <TimelineReportScreen projectId="7" title="Timeline" params={range} pathOf={() => '/'} />;

  it('lists each task with its dates, status and roadblock, and downloads them as CSV', async () => {
    const downloads = catchDownloads();
    renderReport(ui, '/', { '/projects/7/reports/timeline': { body: { data: timeline } } });
    const table = await screen.findByRole('table', { name: /^Tasks by starting date and deadline/ });
    expect(rowTexts(table)).toEqual([
      ['Task', 'Milestone', 'Start', 'End', 'Status', 'Roadblock', 'Assigned to'],
      ['Design', 'Sprint 1', 'Nov 18, 2026', 'Nov 21, 2026', 'Overdue', '', 'Ana, Beto (former member)'],
      [
        'Build',
        'Sprint 1',
        'Nov 21, 2026',
        'Nov 30, 2026',
        'Open',
        'Waiting for the API',
        'Beto (former member)',
      ],
      ['Done', 'No milestone', 'Nov 20, 2026', 'Nov 20, 2026', 'Completed', '', ''],
    ]);
    expect(screen.getByText('3 tasks in this period')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads.map((file) => file.name)).toEqual(['timeline-2026-11-20-2026-11-26.csv']);
    expect(await downloads[0]!.blob.text()).toBe(
      'Task,Milestone,Start,End,Status,Roadblock,Assigned to\r\n' +
        'Design,Sprint 1,2026-11-18,2026-11-21,Overdue,,"Ana, Beto (former member)"\r\n' +
        'Build,Sprint 1,2026-11-21,2026-11-30,Open,Waiting for the API,Beto (former member)\r\n' +
        'Done,No milestone,2026-11-20,2026-11-20,Completed,,\r\n',
    );
  });

  it('draws the gantt: links to the tasks, bars clipped to the range, blocked and overdue in words', async () => {
    renderReport(ui, '/', { '/projects/7/reports/timeline': { body: { data: timeline } } });
    await screen.findByRole('table');
    const link = screen.getByRole('link', { name: 'Design', hidden: true });
    expect(link.getAttribute('href')).toBe('/project/7?task=11');
    const design = document.querySelector('[title^="Design: Nov 18"]') as HTMLElement;
    // Starts before the range: drawn from its first day over 2 of its 7 days, its start cut.
    expect([design.style.left, design.style.width, design.dataset.cutStart]).toEqual([
      '0%',
      '28.5714%',
      'true',
    ]);
    expect(design.dataset.overdue).toBe('true');
    const build = document.querySelector('[title^="Build: Nov 21"]') as HTMLElement;
    // From the second day to past the range's end: its end cut.
    expect([build.style.left, build.style.width, build.dataset.cutEnd]).toEqual([
      '14.2857%',
      '85.7143%',
      'true',
    ]);
    expect(build.dataset.blocked).toBe('true');
    // In the legend and on Build's row.
    expect(screen.getAllByText('Blocked', { exact: true })).toHaveLength(2);
    expect(screen.getAllByText('Overdue', { exact: true }).length).toBeGreaterThanOrEqual(2);
    // The group's header, and the hidden table's cell.
    expect(screen.getAllByText('No milestone')).toHaveLength(2);
    // Today (Nov 22) is the third day: the middle of it.
    const today = document.querySelector('[data-today-line]') as HTMLElement;
    expect(Number(today.style.getPropertyValue('--today'))).toBeCloseTo(2.5 / 7);
  });

  it('says when the list is cut, in Spanish', async () => {
    await changeLanguage('es');
    renderReport(ui, '/', {
      '/projects/7/reports/timeline': { body: { data: { ...timeline, total_tasks: 1234 } } },
    });
    // The loader is a status region too (named "Cargando"), so the notice is found by its text.
    const cut = 'Se muestran las primeras 3 de 1234 tareas, por fecha de inicio.';
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(cut),
    );
    const table = screen.getByRole('table', { name: /^Tareas por fecha de inicio y fecha límite/ });
    expect(rowTexts(table)[2]).toEqual([
      'Build',
      'Sprint 1',
      '21 nov 2026',
      '30 nov 2026',
      'Abierta',
      'Waiting for the API',
      'Beto (ya no es miembro)',
    ]);
  });

  it('says there are no tasks, in Spanish, when only milestones fall in the range', async () => {
    await changeLanguage('es');
    const milestonesOnly = { ...timeline, groups: [{ milestone: sprint, tasks: [] }], total_tasks: 0 };
    renderReport(ui, '/', { '/projects/7/reports/timeline': { body: { data: milestonesOnly } } });
    fireEvent.click(await screen.findByRole('radio', { name: 'Tabla' }));
    expect(await screen.findByText('No hay tareas en este período')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('refuses a range over a year without asking the server', async () => {
    const { reportCalls } = renderReport(
      <TimelineReportScreen
        projectId="7"
        title="Timeline"
        params={{ start_date: '2026-01-01', end_date: '2027-01-02' }}
        pathOf={() => '/'}
      />,
      '/',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('This report covers at most 1 year.');
    expect(reportCalls('timeline')).toEqual([]);
  });
});

const milestones: Milestone[] = [
  {
    milestone_id: 3,
    milestone_name: 'Sprint 1',
    project_id: 7,
    start_date: '2026-11-01',
    deadline: '2026-11-30',
    sprint: true,
  },
  {
    milestone_id: 4,
    milestone_name: 'Release',
    project_id: 7,
    start_date: '2026-12-01',
    deadline: '2026-12-20',
    sprint: false,
  },
];

const completion: AverageCompletionReport = {
  milestone: sprint,
  totals: {
    tasks: 6,
    completed: 3,
    completion: 0.5,
    average_days_to_complete: 1.83,
    average_checklist_progress: 0.5,
    tasks_with_checklist: 3,
  },
  rows: [
    {
      user_id: 1,
      name: 'Ana',
      is_member: true,
      tasks: 3,
      completed: 2,
      completion: 0.6667,
      average_days_to_complete: 2.25,
      average_checklist_progress: 0.75,
      tasks_with_checklist: 2,
    },
    {
      user_id: null,
      name: '',
      is_member: false,
      tasks: 1,
      completed: 0,
      completion: 0,
      average_days_to_complete: null,
      average_checklist_progress: null,
      tasks_with_checklist: 0,
    },
  ],
};

describe('AverageCompletionReportScreen', { timeout: 20_000 }, () => {
  const answers = {
    '/projects/7/milestones': { body: { data: milestones } },
    '/projects/7/reports/average_task_completion': { body: { data: completion } },
  };
  const screenAt = (milestone_id: string) => (
    <AverageCompletionReportScreen
      projectId="7"
      title="Average task completion"
      params={{ milestone_id }}
      pathOf={(next) => `/m/${next.milestone_id}`}
    />
  );

  it('shows completion, days and checklist progress per member, and the totals', async () => {
    const downloads = catchDownloads();
    const { reportCalls } = renderReport(screenAt('3'), '/', answers);
    const table = await screen.findByRole('table', { name: 'Task completion per member, Sprint 1' });
    expect(rowTexts(table)).toEqual([
      [
        'Member',
        'Tasks',
        'Completed',
        '% completed',
        'Average days to complete',
        'Average checklist progress',
      ],
      ['Ana', '3', '2', '66.7%', '2.25', '75%'],
      ['Unassigned', '1', '0', '0%', '', ''],
      ['Total', '6', '3', '50%', '1.83', '50%'],
    ]);
    expect(screen.getByText('3 of 6 tasks completed (50%)')).toBeTruthy();
    expect(
      screen.getByText('Average time to complete: 1.83 days · Average checklist progress: 50%'),
    ).toBeTruthy();
    expect(reportCalls('average_task_completion')).toEqual([
      '/api/projects/7/reports/average_task_completion?milestone_id=3',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads[0]!.name).toBe('average-task-completion-3.csv');
    expect(await downloads[0]!.blob.text()).toBe(
      'Member,Tasks,Completed,% completed,Average days to complete,Average checklist progress\r\n' +
        'Ana,3,2,66.67,2.25,75\r\nUnassigned,1,0,0,,\r\nTotal,6,3,50,1.83,50\r\n',
    );
  });

  it('goes to the address of the chosen milestone', async () => {
    const { router } = renderReport(screenAt('3'), '/', answers);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('combobox', { name: 'Milestone' }));
    expect(await screen.findByRole('option', { name: 'Sprint 1 (sprint)', hidden: true })).toBeTruthy();
    fireEvent.click(await screen.findByRole('option', { name: 'Release', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/4'));
  });

  it('says so when the milestone is not the project’s', async () => {
    renderReport(screenAt('99'), '/', {
      ...answers,
      '/projects/7/reports/average_task_completion': {
        status: 404,
        body: { errors: ['Not found'], code: 'NOT_FOUND' },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/does not name a valid milestone/);
  });

  it('says so when the address names no milestone, without asking the server', async () => {
    const { reportCalls } = renderReport(screenAt('latest'), '/', answers);
    expect((await screen.findByRole('alert')).textContent).toMatch(/does not name a valid milestone/);
    expect(reportCalls('average_task_completion')).toEqual([]);
  });
});

const variation: HoursVariationReport = {
  milestone: sprint,
  tasks: [
    {
      id: 12,
      title: 'Build',
      completed: true,
      expected_hours: 6,
      reported_hours: 3,
      variation: -3,
      variation_share: -0.5,
    },
    {
      id: 14,
      title: 'Test',
      completed: false,
      expected_hours: 0,
      reported_hours: 1.5,
      variation: 1.5,
      variation_share: null,
    },
    {
      id: 15,
      title: 'Carla’s',
      completed: true,
      expected_hours: null,
      reported_hours: 1,
      variation: null,
      variation_share: null,
    },
  ],
  members: [
    { user_id: 1, name: 'Ana', is_member: true, expected_hours: 3, reported_hours: 2.5, variation: -0.5 },
    { user_id: 5, name: 'Carla', is_member: false, expected_hours: 0, reported_hours: 1, variation: 1 },
    { user_id: null, name: '', is_member: false, expected_hours: 3, reported_hours: 0, variation: -3 },
  ],
  totals: { expected_hours: 6, reported_hours: 5.5, variation: -0.5 },
};

describe('HoursVariationReportScreen', { timeout: 20_000 }, () => {
  it('compares expected and reported hours per task and per member, in Spanish', async () => {
    await changeLanguage('es');
    const downloads = catchDownloads();
    renderReport(
      <HoursVariationReportScreen
        projectId="7"
        title="Variación"
        params={{ milestone_id: '3' }}
        pathOf={() => '/'}
      />,
      '/',
      {
        '/projects/7/milestones': { body: { data: milestones } },
        '/projects/7/reports/estimated_hours_variation': { body: { data: variation } },
      },
    );
    const tasks = await screen.findByRole('table', {
      name: 'Horas estimadas y registradas por tarea, Sprint 1',
    });
    expect(rowTexts(tasks)).toEqual([
      ['Tarea', 'Horas estimadas', 'Horas registradas', 'Variación', 'Variación %'],
      ['Build', '6 h', '3 h', '-3 h', '-50\u00a0%'],
      ['Test', '0 h', '1,5 h', '+1,5 h', ''],
      ['Carla’s', '', '1 h', '', ''],
      ['Total', '6 h', '5,5 h', '-0,5 h', ''],
    ]);
    const members = screen.getByRole('table', {
      name: 'Horas estimadas y registradas por miembro, Sprint 1',
    });
    expect(rowTexts(members)).toEqual([
      ['Miembro', 'Horas estimadas', 'Horas registradas', 'Variación'],
      ['Ana', '3 h', '2,5 h', '-0,5 h'],
      ['Carla (ya no es miembro)', '0 h', '1 h', '+1 h'],
      ['Sin asignar', '3 h', '0 h', '-3 h'],
      ['Total', '6 h', '5,5 h', '-0,5 h'],
    ]);
    expect(screen.getByText('Estimadas: 6 h · Registradas: 5,5 h · Variación: -0,5 h')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV: Por miembro' }));
    expect(downloads[0]!.name).toBe('estimated-hours-per-member-3.csv');
    expect(await downloads[0]!.blob.text()).toBe(
      // `;` and decimal commas for a Spanish reader's spreadsheet (issue 44.2).
      'Miembro;Horas estimadas;Horas registradas;Variación\r\n' +
        'Ana;3;2,5;-0,5\r\nCarla (ya no es miembro);0;1;1\r\nSin asignar;3;0;-3\r\nTotal;6;5,5;-0,5\r\n',
    );
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BurnNumbers, BurnReport, Milestone, VelocityReport } from '@teamboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { catchDownloads, renderReport, rowTexts } from '../test-helpers';
import { BurnReportScreen } from './burn-report-screen';
import { VelocitySection } from './velocity-section';

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const milestone = (
  id: number,
  name: string,
  start: string,
  deadline: string,
  sprint: boolean,
): Milestone => ({
  milestone_id: id,
  milestone_name: name,
  project_id: 7,
  start_date: start,
  deadline,
  sprint,
});
const milestones = [
  milestone(3, 'Sprint 2', '2026-11-23', '2026-11-27', true),
  milestone(2, 'Sprint 1', '2026-11-16', '2026-11-22', true),
  milestone(4, 'Release', '2026-12-01', '2026-12-20', false),
];

/** [scope, completed, ideal completed, ideal remaining]; remaining is scope − completed. */
function numbers(scope: number | null, completed: number | null, ideal: [number, number]): BurnNumbers {
  const remaining = scope === null || completed === null ? null : scope - completed;
  return { scope, completed, remaining, ideal_completed: ideal[0], ideal_remaining: ideal[1] };
}
const burn: BurnReport = {
  milestone: {
    milestone_id: 3,
    name: 'Sprint 2',
    start_date: '2026-11-23',
    deadline: '2026-11-27',
    sprint: true,
  },
  today: '2026-11-26',
  start_date: '2026-11-23',
  end_date: '2026-11-27',
  days: [
    { day: '2026-11-23', tasks: numbers(3, 1, [0, 3]), hours: numbers(5, 2, [0, 5]) },
    { day: '2026-11-24', tasks: numbers(3, 2, [1, 2.25]), hours: numbers(5, 5, [2.25, 3.75]) },
    { day: '2026-11-25', tasks: numbers(4, 2, [2, 1.5]), hours: numbers(9, 7, [4.5, 2.5]) },
    { day: '2026-11-26', tasks: numbers(4, 3, [3, 0.75]), hours: numbers(9, 9, [6.75, 1.25]) },
    { day: '2026-11-27', tasks: numbers(null, null, [4, 0]), hours: numbers(null, null, [9, 0]) },
  ],
  scope_changes: [{ day: '2026-11-25', tasks: 1, hours: 4.5 }],
};
const answers = {
  '/projects/7/milestones': { body: { data: milestones } },
  '/projects/7/reports/burnup': { body: { data: burn } },
  '/projects/7/reports/burndown': { body: { data: burn } },
};

describe('BurnReportScreen', { timeout: 20_000 }, () => {
  const ui = (mode: 'burnup' | 'burndown', milestoneParam: string) => (
    <BurnReportScreen
      projectId="7"
      title="Burn"
      mode={mode}
      milestoneParam={milestoneParam}
      pathOf={(id) => `/r/${mode}/${id}`}
    />
  );

  it('shows scope, completed work and the ideal per day, in tasks or hours, and downloads them', async () => {
    const downloads = catchDownloads();
    const { reportCalls } = renderReport(ui('burnup', '3'), '/', answers);
    const table = await screen.findByRole('table', {
      name: /^Scope and completed work of Sprint 2 in tasks/,
    });
    expect(rowTexts(table)).toEqual([
      ['Day', 'Scope', 'Completed', 'Ideal', 'Scope change'],
      ['Nov 23', '3', '1', '0', ''],
      ['Nov 24', '3', '2', '1', ''],
      ['Nov 25', '4', '2', '2', '+1'],
      ['Nov 26', '4', '3', '3', ''],
      ['Nov 27', '', '', '4', ''],
    ]);
    expect(screen.getByText('Nov 26, 2026: 3 of 4 completed, 1 remaining.')).toBeTruthy();
    expect(reportCalls('burnup')).toEqual(['/api/projects/7/reports/burnup?milestone_id=3']);

    fireEvent.click(screen.getByRole('radio', { name: 'Expected hours' }));
    const hours = await screen.findByRole('table', { name: /in expected hours/ });
    expect(rowTexts(hours)[3]).toEqual(['Nov 25', '9 h', '7 h', '4.5 h', '+4.5 h']);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads.map((file) => file.name)).toEqual(['burnup-hours-2026-11-23-2026-11-27.csv']);
    expect(await downloads[0]!.blob.text()).toBe(
      'Day,Scope,Completed,Ideal,Scope change\r\n' +
        '2026-11-23,5,2,0,\r\n2026-11-24,5,5,2.25,\r\n2026-11-25,9,7,4.5,4.5\r\n2026-11-26,9,9,6.75,\r\n2026-11-27,,,9,\r\n',
    );
    // The same numbers ask no second time.
    expect(reportCalls('burnup')).toHaveLength(1);
  });

  it('shows the remaining work in Spanish and goes to the address of another milestone', async () => {
    await changeLanguage('es');
    const { router } = renderReport(ui('burndown', '3'), '/', answers);
    const table = await screen.findByRole('table', {
      name: /^Alcance y trabajo pendiente de Sprint 2 en tareas/,
    });
    expect(rowTexts(table).slice(0, 2)).toEqual([
      ['Día', 'Alcance', 'Pendiente', 'Ideal', 'Cambio de alcance'],
      ['23 nov', '3', '2', '3', ''],
    ]);
    expect(rowTexts(table)[2]).toEqual(['24 nov', '3', '1', '2,25', '']);
    fireEvent.click(screen.getByRole('combobox', { name: 'Hito' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sprint 1 (sprint)', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/r/burndown/2'));
  });

  it('says so when the address names no milestone of the project', async () => {
    const first = renderReport(ui('burnup', 'sprint'), '/', answers);
    expect((await screen.findByRole('alert')).textContent).toMatch(/does not name a valid milestone/);
    expect(first.reportCalls('burnup')).toEqual([]);
  });

  it('says the same when the server does not know the milestone', async () => {
    renderReport(ui('burnup', '99'), '/', { '/projects/7/milestones': answers['/projects/7/milestones'] });
    expect((await screen.findByRole('alert')).textContent).toMatch(/does not name a valid milestone/);
  });
});

const velocity: VelocityReport = {
  today: '2026-11-26',
  sprints: [
    {
      milestone_id: 2,
      name: 'Sprint 1',
      start_date: '2026-11-16',
      deadline: '2026-11-22',
      finished: true,
      completed: { tasks: 2, hours: 3 },
      planned: { tasks: 3, hours: 4.5 },
    },
    {
      milestone_id: 3,
      name: 'Sprint 2',
      start_date: '2026-11-23',
      deadline: '2026-11-27',
      finished: false,
      completed: { tasks: 2, hours: 5 },
      planned: { tasks: 4, hours: 9 },
    },
  ],
  average: { tasks: 2, hours: 3, sprints: 1 },
};

describe('VelocitySection', { timeout: 20_000 }, () => {
  it('shows each sprint’s completed and planned work and the mean of the finished ones', async () => {
    await changeLanguage('es');
    const downloads = catchDownloads();
    renderReport(<VelocitySection projectId="7" />, '/', {
      '/projects/7/milestones': { body: { data: milestones } },
      '/projects/7/reports/velocity': { body: { data: velocity } },
    });
    expect(await screen.findByRole('heading', { name: 'Velocidad' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: /^Tareas y horas estimadas completadas/ });
    expect(rowTexts(table)).toEqual([
      [
        'Sprint',
        'Fechas',
        'Tareas completadas',
        'Tareas planificadas',
        'Horas completadas',
        'Horas planificadas',
      ],
      ['Sprint 1', '16–22 nov 2026', '2', '3', '3 h', '4,5 h'],
      ['Sprint 2 (sin terminar)', '23–27 nov 2026', '2', '4', '5 h', '9 h'],
      ['Promedio de los sprints terminados', '', '2', '', '3 h', ''],
    ]);
    expect(screen.getByText('Velocidad promedio de 1 sprint terminado: 2 tareas, 3 h')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect(downloads.map((file) => file.name)).toEqual(['velocity-2026-11-16-2026-11-27.csv']);
  });

  it('says how to mark a sprint when there is none, without asking for the report', async () => {
    const { reportCalls } = renderReport(<VelocitySection projectId="7" />, '/', {
      '/projects/7/milestones': { body: { data: [milestones[2]] } },
    });
    expect(await screen.findByText(/Mark a milestone as a sprint/)).toBeTruthy();
    expect(reportCalls('velocity')).toEqual([]);
  });
});

import { MantineProvider } from '@mantine/core';
import type { RosterPlan } from '@teamboard/contract';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { changeLanguage } from '../../../lib/i18n';
import { RosterPlanView } from './roster-plan-view';

afterEach(async () => {
  await changeLanguage('en');
});

const PLAN: RosterPlan = {
  template_id: 1,
  applied: false,
  separator: ';',
  summary: {
    rows: 12345,
    teams: 2,
    teams_to_create: 2,
    teams_to_update: 0,
    teams_unchanged: 0,
    invitations_to_send: 1232,
    students_unchanged: 0,
    viewers_to_add: 2,
  },
  teams: [
    {
      team: 'Equipo 1',
      section: 'A',
      group: null,
      project_id: null,
      project_name: 'Software II · Equipo 1',
      status: 'create',
      viewers_to_add: 1,
      students: [{ line: 2, email: 'ana@uni.edu', name: 'Ana', role: 'owner', status: 'invite' }],
    },
  ],
  errors: [
    { line: 1, column: 'team', code: 'ROSTER_HEADER_MISSING', params: { column: 'team' }, message: 'x' },
    {
      line: 7,
      column: 'email',
      code: 'ROSTER_EMAIL_IN_TWO_TEAMS',
      params: { team: 'Equipo 2', line: 3 },
      message: 'x',
    },
  ],
  not_mailed: [],
  error_count: 2,
};

function renderPlan(plan: RosterPlan) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <RosterPlanView plan={plan} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('RosterPlanView', () => {
  it('lists every problem by line and column in the reader’s language, with Spanish numbers', async () => {
    await changeLanguage('es');
    renderPlan(PLAN);
    const problems = screen.getByRole('alert');
    expect(within(problems).getByText('Problemas por corregir: 2')).toBeTruthy();
    const rows = within(problems).getAllByRole('row');
    expect(rows[1]!.textContent).toBe('1equipoLa fila de cabecera no tiene la columna «equipo».');
    expect(rows[2]!.textContent).toBe('7correoEste correo ya está en el equipo «Equipo 2» (línea 3).');
    // Spanish groups thousands with a dot: 12345 rows read "12.345".
    expect(screen.getByText('Filas').nextSibling?.textContent).toBe('12.345');
    expect(screen.getByText('Leído como CSV separado por punto y coma.')).toBeTruthy();
  });

  it('links every team project once the import is done, and drops the plan’s figures', async () => {
    renderPlan({
      ...PLAN,
      applied: true,
      errors: [],
      error_count: 0,
      teams: [{ ...PLAN.teams[0]!, project_id: 42 }],
    });
    expect(screen.getByRole('link', { name: 'Software II · Equipo 1' }).getAttribute('href')).toBe(
      '/project/42',
    );
    expect(screen.queryByText('What the import does')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

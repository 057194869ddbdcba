import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Evaluation, EvaluationEvidence, MyEvaluationAnswers } from '@teamboard/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { stubFetch } from '../../../test/render';
import { EvaluationAnswer } from './evaluation-answer';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const evaluation: Evaluation = {
  id: 30,
  project_id: 7,
  title: 'Sprint 2 peer review',
  type: 'team',
  status: 'active',
  initial_date: '2026-11-22',
  deadline: '2026-11-29',
  sent_at: '2026-11-22T09:00:00.000Z',
  closed_at: null,
  members_count: 3,
  submitted_count: 0,
  is_invited: true,
  my_response: 'none',
  can_manage: false,
  description: 'Rate each teammate.',
  created_at: '2026-11-21T09:00:00.000Z',
  updated_at: '2026-11-21T09:00:00.000Z',
  members: [
    { user_id: 1, name: 'Fred' },
    { user_id: 2, name: 'Hugo' },
    { user_id: 3, name: 'Sara' },
  ],
  questions: [{ id: 101, position: 0, kind: 'scale', text: 'Delivery' }],
  submitted_user_ids: [],
};

const mine: MyEvaluationAnswers = {
  status: 'none',
  submitted_at: null,
  subjects: [
    { user_id: 1, name: 'Fred' },
    { user_id: 3, name: 'Sara' },
  ],
  answers: [],
  is_open: true,
};

const evidence: EvaluationEvidence = {
  evaluation_id: 30,
  from: '2026-11-08',
  to: '2026-11-22',
  time_zone: 'UTC',
  starts_at: 'previous_evaluation',
  is_final: false,
  members: [
    { user_id: 1, name: 'Fred', hours: 2, tasks_closed: 0, commits: null, standups: 0 },
    { user_id: 3, name: 'Sara', hours: 1234.25, tasks_closed: 2.5, commits: 2, standups: 3 },
  ],
};

type Answers = NonNullable<Parameters<typeof stubFetch>[0]>;

function renderAnswer(answers: Answers) {
  const stub = stubFetch({ '/evaluations/30/answers': { body: { data: mine } }, ...answers });
  vi.stubGlobal('fetch', stub.fetchStub);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <EvaluationAnswer projectId="7" evaluation={evaluation} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return stub;
}

/** The figures of a facts strip, label → value. */
function factsIn(region: HTMLElement): Record<string, string> {
  const strip = within(region).getByRole('group', { name: /^(Facts about|Datos de) / });
  const labels = Array.from(strip.querySelectorAll('dt'), (dt) => dt.textContent ?? '');
  const values = Array.from(strip.querySelectorAll('dd'), (dd) => dd.textContent ?? '');
  return Object.fromEntries(labels.map((label, index) => [label, values[index] ?? '']));
}

describe('the facts beside peer ratings', { timeout: 20_000 }, () => {
  it('shows each teammate’s facts in their block, the period, and how each is counted', async () => {
    renderAnswer({ '/evaluations/30/evidence': { body: { data: evidence } } });
    const sara = await screen.findByRole('region', { name: 'About Sara' });
    expect(await within(sara).findByRole('group', { name: 'Facts about Sara' })).toBeTruthy();
    expect(factsIn(sara)).toEqual({
      Hours: '1,234.25',
      'Tasks closed': '2.5',
      Commits: '2',
      'Stand-ups': '3',
    });
    // No linked repository: not available, never a zero.
    expect(factsIn(screen.getByRole('region', { name: 'About Fred' }))).toMatchObject({
      Commits: 'No repository',
    });
    const intro = screen.getByRole('region', { name: 'Facts beside your ratings' });
    expect(within(intro).getByText(/from Nov 8, 2026 to Nov 22, 2026\. Facts, not a grade/)).toBeTruthy();
    expect(within(intro).getByText(/previous peer evaluation.*Up to today/)).toBeTruthy();
    const how = within(intro).getByRole('button', { name: 'How each fact is counted' });
    expect(how.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(how);
    expect(how.getAttribute('aria-expanded')).toBe('true');
    expect(within(intro).getByText(/split equally among its assignees/)).toBeTruthy();
  });

  it('writes decimals with a comma in Spanish', async () => {
    await changeLanguage('es');
    renderAnswer({ '/evaluations/30/evidence': { body: { data: evidence } } });
    const sara = await screen.findByRole('region', { name: 'Sobre Sara' });
    await within(sara).findByRole('group', { name: 'Datos de Sara' });
    expect(factsIn(sara)).toEqual({
      Horas: '1234,25',
      'Tareas cerradas': '2,5',
      Commits: '2',
      'Reportes diarios': '3',
    });
    expect(factsIn(screen.getByRole('region', { name: 'Sobre Fred' })).Commits).toBe('Sin repositorio');
    expect(screen.getByText(/del 8 nov 2026 al 22 nov 2026/)).toBeTruthy();
  });

  it('keeps the form working with a quiet notice when the facts cannot be loaded', async () => {
    renderAnswer({
      '/evaluations/30/evidence': { status: 500, body: { errors: ['Boom'], code: 'INTERNAL' } },
    });
    expect(
      await screen.findByText('Your teammates’ facts could not be loaded. You can still answer as usual.'),
    ).toBeTruthy();
    const sara = screen.getByRole('region', { name: 'About Sara' });
    expect(within(sara).queryByRole('group')).toBeNull();
    expect(within(sara).getByRole('radio', { name: '4' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    // No toast: the notice is the only word about it.
    expect(screen.queryByText('Boom')).toBeNull();
  });
});

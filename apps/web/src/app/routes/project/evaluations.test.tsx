import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  Evaluation,
  EvaluationEvidence,
  EvaluationList,
  EvaluationResults,
  EvaluationSummary,
  MyEvaluationAnswers,
} from '@teamboard/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { credentials, makeMember, makeProject, makeUser } from '../../../test/fixtures';
import { preloadSignedInFrame, renderApp, stubFetch } from '../../../test/render';

beforeAll(async () => {
  await Promise.all([
    import('./evaluations'),
    import('./evaluation'),
    import('./evaluation-form'),
    import('./evaluation-results'),
    import('../../../features/evaluations/components/score-chart'),
    preloadSignedInFrame(),
  ]);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

type Answers = NonNullable<Parameters<typeof stubFetch>[0]>;

function makeSummary(overrides: Partial<EvaluationSummary> = {}): EvaluationSummary {
  return {
    id: 30,
    project_id: 7,
    title: 'Sprint 1 peer review',
    type: 'team',
    status: 'active',
    initial_date: '2026-11-20',
    deadline: '2026-11-27',
    sent_at: '2026-11-20T09:00:00.000Z',
    closed_at: null,
    members_count: 3,
    submitted_count: 1,
    is_invited: true,
    my_response: 'none',
    can_manage: true,
    ...overrides,
  };
}

function makeEvaluation(overrides: Partial<Evaluation> = {}): Evaluation {
  return {
    ...makeSummary(),
    description: 'How did we work together?',
    created_at: '2026-11-19T09:00:00.000Z',
    updated_at: '2026-11-19T09:00:00.000Z',
    members: [
      { user_id: 1, name: 'Ana Pérez' },
      { user_id: 2, name: 'Bruno Díaz' },
      { user_id: 3, name: 'Carla Gómez' },
    ],
    questions: [
      { id: 101, position: 1, kind: 'scale', text: 'Communication' },
      { id: 102, position: 2, kind: 'text', text: 'What went well?' },
    ],
    submitted_user_ids: [2],
    ...overrides,
  };
}

const list: EvaluationList = {
  today: '2026-11-26',
  evaluations: [
    makeSummary(),
    makeSummary({
      id: 31,
      title: 'Retro draft',
      status: 'draft',
      is_invited: false,
      my_response: null,
      submitted_count: 0,
    }),
  ],
  // Carla Gómez (3) is a teacher on the project: left out of a new evaluation unless added.
  default_member_ids: [1, 2],
};

const results: EvaluationResults = {
  evaluation_id: 30,
  type: 'team',
  status: 'active',
  questions: makeEvaluation().questions,
  members_count: 3,
  submitted_count: 2,
  subjects: [
    {
      subject_id: 2,
      name: 'Bruno Díaz',
      visibility: 'aggregate',
      raters: 2,
      average: 3.5,
      questions: [
        { question_id: 101, answered: 2, average: 3.5, distribution: [0, 0, 1, 1, 0], texts: [] },
        { question_id: 102, answered: 1, average: null, distribution: [0, 0, 0, 0, 0], texts: ['Kind'] },
      ],
      ratings: null,
    },
  ],
  withheld: null,
};

/** Owners and teaching staff get every selected member's facts. */
const evidence: EvaluationEvidence = {
  evaluation_id: 30,
  from: '2026-11-06',
  to: '2026-11-26',
  time_zone: 'UTC',
  starts_at: 'previous_evaluation',
  is_final: false,
  members: [
    { user_id: 1, name: 'Ana Pérez', hours: 12, tasks_closed: 4, commits: null, standups: 5 },
    { user_id: 2, name: 'Bruno Díaz', hours: 1234.25, tasks_closed: 2.5, commits: null, standups: 3 },
    { user_id: 3, name: 'Carla Gómez', hours: 0, tasks_closed: 0, commits: null, standups: 0 },
  ],
};

/** The figures of a facts strip, label → value. */
function factsIn(region: HTMLElement): Record<string, string> {
  const strip = within(region).getByRole('group', { name: /^(Facts about|Datos de) / });
  const labels = Array.from(strip.querySelectorAll('dt'), (dt) => dt.textContent ?? '');
  const values = Array.from(strip.querySelectorAll('dd'), (dd) => dd.textContent ?? '');
  return Object.fromEntries(labels.map((label, index) => [label, values[index] ?? '']));
}

function signedIn(
  answers: Answers = {},
  role: 'owner' | 'member' | null = 'owner',
  accountType: 'user' | 'teacher' = role === null ? 'teacher' : 'user',
) {
  setSession(credentials, makeUser({ account_type: accountType }));
  const stub = stubFetch({
    '/projects/7': {
      body: {
        data: makeProject({
          role,
          members: [
            makeMember(),
            makeMember({ id: 2, name: 'Bruno Díaz', role: 'member' }),
            makeMember({ id: 3, name: 'Carla Gómez', role: 'member' }),
          ],
        }),
      },
    },
    '/projects/7/evaluations': { body: { data: list } },
    '/me/evaluations': { body: { data: [] } },
    ...answers,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

describe('/project/:id/evaluations', { timeout: 30_000 }, () => {
  it('lists the ones to answer and, for owners, the ones to manage', async () => {
    signedIn();
    renderApp('/project/7/evaluations');
    const toAnswer = await screen.findByRole('region', { name: 'To answer' });
    expect(within(toAnswer).getByText('Sprint 1 peer review')).toBeTruthy();
    expect(within(toAnswer).getByText('Your answers: Not started')).toBeTruthy();
    expect(
      within(toAnswer).getByRole('link', { name: 'Answer: Sprint 1 peer review' }).getAttribute('href'),
    ).toBe('/project/7/evaluations/30/answer');
    const toManage = screen.getByRole('region', { name: 'To manage' });
    expect(within(toManage).getByText('Retro draft')).toBeTruthy();
    expect(within(toManage).getByText('Draft')).toBeTruthy();
    expect(within(toManage).getByText('1 of 3 submitted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New evaluation' }).getAttribute('href')).toBe(
      '/project/7/evaluations/new',
    );
  });

  it('hides the management section from members', async () => {
    signedIn({}, 'member');
    renderApp('/project/7/evaluations');
    await screen.findByRole('region', { name: 'To answer' });
    expect(screen.queryByRole('region', { name: 'To manage' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New evaluation' })).toBeNull();
  });
});

describe('/project/:id/evaluations/new', { timeout: 30_000 }, () => {
  it('shows the server’s messages under the fields before sending anything', async () => {
    const stub = signedIn();
    renderApp('/project/7/evaluations/new');
    const save = await screen.findByRole('button', { name: 'Save draft' });
    // Every member is chosen by default; a team evaluation with one member is refused.
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    fireEvent.click(save);
    expect(await screen.findByText('The title cannot be empty.')).toBeTruthy();
    expect(screen.getByText('The description cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Choose at least one member.')).toBeTruthy();
    expect(screen.getByText('A question cannot be empty.')).toBeTruthy();
    expect(stub.calls.some((call) => call.init?.method === 'POST')).toBe(false);
  });

  it('creates a draft with the chosen members and questions', async () => {
    const stub = signedIn({
      'POST /projects/7/evaluations': { status: 201, body: { data: makeEvaluation({ status: 'draft' }) } },
      '/evaluations/30': { body: { data: makeEvaluation({ status: 'draft' }) } },
    });
    const { router } = renderApp('/project/7/evaluations/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), {
      target: { value: 'Sprint 1 peer review' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Description/ }), {
      target: { value: 'How did we work together?' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Question 1/ }), {
      target: { value: 'Communication' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Question 2/ }), {
      target: { value: 'What went well?' },
    });
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Kind of question 2' })).getByText('Free text'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/7/evaluations/30'));
    const post = stub.calls.find((call) => call.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      title: 'Sprint 1 peer review',
      description: 'How did we work together?',
      type: 'team',
      initial_date: '2026-11-26',
      deadline: '2026-12-03',
      member_ids: [1, 2],
      questions: [
        { kind: 'scale', text: 'Communication' },
        { kind: 'text', text: 'What went well?' },
      ],
    });
  });
});

describe('/project/:id/evaluations/:evaluation_id', { timeout: 30_000 }, () => {
  it('lets an owner send a draft after a confirmation naming who is notified', async () => {
    const stub = signedIn({
      '/evaluations/30': { body: { data: makeEvaluation({ status: 'draft', submitted_user_ids: [] }) } },
      'POST /evaluations/30/send': { body: { data: makeEvaluation({ status: 'active' }) } },
    });
    renderApp('/project/7/evaluations/30');
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this evaluation?' });
    expect(
      within(dialog).getByText(/cannot be undone.*3 members.*Ana Pérez, Bruno Díaz, Carla Gómez/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(stub.calls.some((call) => call.url === '/api/evaluations/30/send')).toBe(true),
    );
    expect(await screen.findByRole('link', { name: 'View results' })).toBeTruthy();
    expect(screen.getByText('Submitted')).toBeTruthy();
  });

  it('shows a member the answer form and sends their scores as a submission', async () => {
    const mine: MyEvaluationAnswers = {
      status: 'draft',
      submitted_at: null,
      subjects: [
        { user_id: 2, name: 'Bruno Díaz' },
        { user_id: 3, name: 'Carla Gómez' },
      ],
      answers: [{ question_id: 101, subject_id: 2, score: 4, text: null }],
      is_open: true,
    };
    const stub = signedIn(
      {
        '/evaluations/30': { body: { data: makeEvaluation({ can_manage: false, submitted_user_ids: [] }) } },
        '/evaluations/30/answers': { body: { data: mine } },
        'PUT /evaluations/30/answers': { body: { data: { ...mine, status: 'submitted' } } },
      },
      'member',
    );
    renderApp('/project/7/evaluations/30');
    const bruno = await screen.findByRole('region', { name: 'About Bruno Díaz' });
    expect((within(bruno).getByRole('radio', { name: '4' }) as HTMLInputElement).checked).toBe(true);
    // Carla is not rated yet: submitting is refused on the spot.
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Rate every question for every person before submitting, or save a draft.'),
    ).toBeTruthy();
    expect(screen.getByText('Choose a rating from 1 to 5.')).toBeTruthy();
    expect(stub.calls.some((call) => call.init?.method === 'PUT')).toBe(false);
    const carla = screen.getByRole('region', { name: 'About Carla Gómez' });
    fireEvent.click(within(carla).getByRole('radio', { name: '5' }));
    fireEvent.change(within(carla).getByRole('textbox', { name: 'What went well?' }), {
      target: { value: 'Great demos' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(stub.calls.some((call) => call.init?.method === 'PUT')).toBe(true));
    const put = stub.calls.find((call) => call.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      submit: true,
      answers: [
        { question_id: 101, subject_id: 2, score: 4, text: null },
        { question_id: 101, subject_id: 3, score: 5, text: null },
        { question_id: 102, subject_id: 3, score: null, text: 'Great demos' },
      ],
    });
  });
});

describe('/project/:id/evaluations/:evaluation_id/results', { timeout: 30_000 }, () => {
  it('shows averages and counts with a decimal comma in Spanish', async () => {
    await changeLanguage('es');
    signedIn({
      '/evaluations/30': { body: { data: makeEvaluation() } },
      '/evaluations/30/results': { body: { data: results } },
      '/evaluations/30/evidence': { body: { data: evidence } },
    });
    renderApp('/project/7/evaluations/30/results');
    const block = await screen.findByRole('region', { name: 'Bruno Díaz' });
    expect(within(block).getByText('Promedio general: 3,5')).toBeTruthy();
    const table = within(block).getByRole('table', { name: 'Calificaciones sobre Bruno Díaz' });
    const row = within(table).getByRole('row', { name: /Communication/ });
    expect(Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent)).toEqual([
      'Communication',
      '2',
      '3,5',
      '0',
      '0',
      '1',
      '1',
      '0',
    ]);
    expect(within(block).getByText('Kind')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeTruthy();
    // The facts beside the scores, in the reader's number format.
    await within(block).findByRole('group', { name: 'Datos de Bruno Díaz' });
    expect(factsIn(block)).toEqual({
      Horas: '1234,25',
      'Tareas cerradas': '2,5',
      Commits: 'Sin repositorio',
      'Reportes diarios': '3',
    });
    const intro = screen.getByRole('region', { name: 'Datos junto a las calificaciones' });
    expect(within(intro).getByText(/del 6 nov 2026 al 26 nov 2026\. Son datos, no una nota/)).toBeTruthy();
  });

  it('puts each rated member’s facts beside their scores for an owner', async () => {
    const stub = signedIn({
      '/evaluations/30': { body: { data: makeEvaluation() } },
      '/evaluations/30/results': {
        body: {
          data: {
            ...results,
            subjects: [
              ...results.subjects,
              { ...results.subjects[0]!, subject_id: 3, name: 'Carla Gómez', average: 4 },
            ],
          },
        },
      },
      '/evaluations/30/evidence': { body: { data: evidence } },
    });
    renderApp('/project/7/evaluations/30/results');
    const bruno = await screen.findByRole('region', { name: 'Bruno Díaz' });
    await within(bruno).findByRole('group', { name: 'Facts about Bruno Díaz' });
    expect(within(bruno).getByText('Overall average: 3.5')).toBeTruthy();
    expect(factsIn(bruno)).toEqual({
      Hours: '1,234.25',
      'Tasks closed': '2.5',
      Commits: 'No repository',
      'Stand-ups': '3',
    });
    // Each block holds its own member's facts, never another's.
    const carla = screen.getByRole('region', { name: 'Carla Gómez' });
    expect(within(carla).getByText('Overall average: 4')).toBeTruthy();
    expect(factsIn(carla)).toEqual({
      Hours: '0',
      'Tasks closed': '0',
      Commits: 'No repository',
      'Stand-ups': '0',
    });
    expect(screen.queryByRole('group', { name: 'Facts about Ana Pérez' })).toBeNull();
    const intro = screen.getByRole('region', { name: 'Facts beside the ratings' });
    expect(
      within(intro).getByText(/from Nov 6, 2026 to Nov 26, 2026\. Facts, not a grade: read them beside/),
    ).toBeTruthy();
    expect(within(intro).getByText(/previous peer evaluation.*Up to today/)).toBeTruthy();
    expect(stub.calls.filter((call) => call.url === '/api/evaluations/30/evidence')).toHaveLength(1);
  });

  it('shows teaching staff the facts too', async () => {
    signedIn(
      {
        '/evaluations/30': { body: { data: makeEvaluation({ can_manage: false, is_invited: false }) } },
        '/evaluations/30/results': { body: { data: results } },
        '/evaluations/30/evidence': { body: { data: evidence } },
      },
      null,
    );
    renderApp('/project/7/evaluations/30/results');
    const bruno = await screen.findByRole('region', { name: 'Bruno Díaz' });
    expect(await within(bruno).findByRole('group', { name: 'Facts about Bruno Díaz' })).toBeTruthy();
    expect(factsIn(bruno).Hours).toBe('1,234.25');
  });

  it('still shows the results, with a quiet notice, when the facts cannot be loaded', async () => {
    signedIn({
      '/evaluations/30': { body: { data: makeEvaluation() } },
      '/evaluations/30/results': { body: { data: results } },
      '/evaluations/30/evidence': { status: 500, body: { errors: ['Boom'], code: 'INTERNAL' } },
    });
    renderApp('/project/7/evaluations/30/results');
    expect(
      await screen.findByText(
        'Each person’s facts could not be loaded. The results below are complete without them.',
      ),
    ).toBeTruthy();
    const bruno = screen.getByRole('region', { name: 'Bruno Díaz' });
    expect(within(bruno).getByText('Overall average: 3.5')).toBeTruthy();
    expect(within(bruno).getByRole('table', { name: 'Scores about Bruno Díaz' })).toBeTruthy();
    expect(within(bruno).queryByRole('group')).toBeNull();
    // No toast: the notice is the only word about it.
    expect(screen.queryByText('Boom')).toBeNull();
  });

  it('does not ask a member for facts beside their own results', async () => {
    const stub = signedIn(
      {
        '/evaluations/30': {
          body: { data: makeEvaluation({ can_manage: false, status: 'expired', submitted_user_ids: [] }) },
        },
        '/evaluations/30/results': { body: { data: { ...results, status: 'expired' } } },
        '/evaluations/30/evidence': { body: { data: evidence } },
      },
      'member',
    );
    renderApp('/project/7/evaluations/30/results');
    const block = await screen.findByRole('region', { name: 'Bruno Díaz' });
    expect(within(block).getByText('Overall average: 3.5')).toBeTruthy();
    expect(within(block).queryByRole('group')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Facts beside the ratings' })).toBeNull();
    expect(stub.calls.some((call) => call.url === '/api/evaluations/30/evidence')).toBe(false);
  });

  it('tells a member why results are withheld', async () => {
    signedIn(
      {
        '/evaluations/30': { body: { data: makeEvaluation({ can_manage: false }) } },
        '/evaluations/30/results': {
          body: { data: { ...results, subjects: [], withheld: 'not_expired' } },
        },
      },
      'member',
    );
    renderApp('/project/7/evaluations/30/results');
    expect(
      await screen.findByText('Results appear after the deadline, when at least 2 teammates have rated.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('names a member rated by fewer than 2 people and says why, with no count, in both languages', async () => {
    const withheld = {
      ...results,
      status: 'expired' as const,
      subjects: [
        results.subjects[0]!,
        {
          subject_id: 3,
          name: 'Carla Gómez',
          visibility: 'withheld' as const,
          raters: null,
          average: null,
          questions: [],
          ratings: null,
        },
      ],
    };
    signedIn({
      '/evaluations/30': { body: { data: makeEvaluation({ status: 'expired', submitted_user_ids: null }) } },
      '/evaluations/30/results': { body: { data: withheld } },
      '/evaluations/30/evidence': { body: { data: evidence } },
    });
    renderApp('/project/7/evaluations/30/results');
    const carla = await screen.findByRole('region', { name: 'Carla Gómez' });
    expect(
      within(carla).getByText('Results appear after the deadline, when at least 2 teammates have rated.'),
    ).toBeTruthy();
    expect(within(carla).queryByText(/answered|Overall average/)).toBeNull();
    expect(within(carla).queryByRole('table')).toBeNull();
    await changeLanguage('es');
    expect(
      await within(carla).findByText(
        'Los resultados aparecen después de la fecha límite, cuando al menos 2 miembros del equipo hayan calificado.',
      ),
    ).toBeTruthy();
  });

  it('shows teaching staff each rating with who gave it', async () => {
    const attributed = {
      ...results,
      subjects: [
        {
          ...results.subjects[0]!,
          visibility: 'attributed' as const,
          ratings: [
            { rater_id: 1, rater_name: 'Ana Pérez', question_id: 101, score: 4, text: null },
            { rater_id: 3, rater_name: 'Carla Gómez', question_id: 101, score: 3, text: null },
          ],
        },
      ],
    };
    signedIn(
      {
        '/evaluations/30': { body: { data: makeEvaluation({ can_manage: false, is_invited: false }) } },
        '/evaluations/30/results': { body: { data: attributed } },
        '/evaluations/30/evidence': { body: { data: evidence } },
      },
      null,
    );
    renderApp('/project/7/evaluations/30/results');
    const table = await screen.findByRole('table', { name: 'Who rated Bruno Díaz, question by question' });
    expect(within(table).getByRole('rowheader', { name: 'Carla Gómez' })).toBeTruthy();
    expect(screen.getByText(/As teaching staff you see who gave each rating/)).toBeTruthy();
  });

  it('tells a student owner that only teaching staff see who answered', async () => {
    signedIn({
      '/evaluations/30': { body: { data: makeEvaluation({ submitted_user_ids: null }) } },
    });
    renderApp('/project/7/evaluations/30');
    expect(
      await screen.findByText('Only teaching staff see who has answered; you see how many.'),
    ).toBeTruthy();
    expect(screen.queryByText('Submitted')).toBeNull();
  });
});

describe('the bell', { timeout: 30_000 }, () => {
  it('lists the evaluations to answer and lights its dot for them', async () => {
    signedIn({
      '/project_invitations/': { body: { data: [] } },
      '/me/evaluations': {
        body: {
          data: [
            {
              id: 30,
              project_id: 7,
              project_name: 'Alpha',
              title: 'Sprint 1 peer review',
              deadline: '2026-11-27',
              my_response: 'draft',
            },
          ],
        },
      },
    });
    renderApp('/project/7/evaluations');
    fireEvent.click(await screen.findByRole('button', { name: 'Invitations (pending)' }));
    const section = await screen.findByRole('region', { name: 'Evaluations to answer', hidden: true });
    expect(
      within(section)
        .getByRole('link', { name: 'Sprint 1 peer review · Alpha', hidden: true })
        .getAttribute('href'),
    ).toBe('/project/7/evaluations/30/answer');
    expect(within(section).getByText('Due Nov 27, 2026 · Draft saved')).toBeTruthy();
  });
});

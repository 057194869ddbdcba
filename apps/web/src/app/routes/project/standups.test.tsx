import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Standup, StandupAnalysis, StandupList } from '@teamboard/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { setSession } from '../../../lib/session';
import { credentials, makeProject, makeUser } from '../../../test/fixtures';
import { preloadSignedInFrame, renderApp, stubFetch } from '../../../test/render';

beforeAll(async () => {
  await Promise.all([
    import('./standups'),
    import('./standup'),
    import('../../../features/standups/components/standup-charts'),
    preloadSignedInFrame(),
  ]);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

type Answers = NonNullable<Parameters<typeof stubFetch>[0]>;

function makeStandup(overrides: Partial<Standup> = {}): Standup {
  return {
    id: 40,
    project_id: 7,
    user_id: 2,
    user_name: 'Bruno Díaz',
    day: '2026-11-26',
    did: 'Wrote the login form',
    will_do: 'Test the login form',
    blockers: '',
    is_blocked: false,
    hours: 2.5,
    stress: 2,
    feeling: 4,
    created_at: '2026-11-26T09:00:00.000Z',
    updated_at: '2026-11-26T09:00:00.000Z',
    is_editable: false,
    ...overrides,
  };
}

function makeList(overrides: Partial<StandupList> = {}): StandupList {
  return {
    start_date: '2026-11-20',
    end_date: '2026-11-26',
    today: '2026-11-26',
    standups: [
      makeStandup(),
      makeStandup({ id: 39, day: '2026-11-25', blockers: 'Waiting on the API', is_blocked: true }),
    ],
    members: [
      { user_id: 1, name: 'Ana Pérez' },
      { user_id: 2, name: 'Bruno Díaz' },
    ],
    missing_today: [1],
    ...overrides,
  };
}

const analysis: StandupAnalysis = {
  start_date: '2026-11-25',
  end_date: '2026-11-26',
  days: ['2026-11-25', '2026-11-26'],
  team: {
    per_day: [
      { day: '2026-11-25', submitted: 1, hours_avg: 3, stress_avg: 4, feeling_avg: 2, blocked: 1 },
      { day: '2026-11-26', submitted: 1, hours_avg: 2.5, stress_avg: 2, feeling_avg: 4, blocked: 0 },
    ],
    submitted: 2,
    missing: 2,
    blocking: { frequency: 0.5, open_blockers: 0, days_blocked: 1 },
    mood_averages_withheld: false,
  },
  members: [
    {
      user_id: 2,
      name: 'Bruno Díaz',
      submitted: 2,
      missing: 0,
      hours_total: 5.5,
      hours_avg: 2.75,
      stress_avg: 3,
      feeling_avg: 3,
      stress_trend: -14,
      days_blocked: 1,
      open_blocker: false,
      signals: [{ day: '2026-11-25', standup_id: 39, kind: 'blocker', words: ['waiting on'] }],
    },
  ],
};

function signedIn(answers: Answers = {}, role: 'owner' | 'member' | 'viewer' = 'owner') {
  setSession(credentials, makeUser());
  const stub = stubFetch({
    '/projects/7': { body: { data: makeProject({ role }) } },
    '/projects/7/standups': { body: { data: makeList() } },
    '/projects/7/standups/analysis': { body: { data: analysis } },
    ...answers,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

describe('/project/:id/standupreports', { timeout: 30_000 }, () => {
  it('lists the stand-ups by day, says who is missing today, and reminds the caller in the sidebar', async () => {
    signedIn();
    renderApp('/project/7/standupreports');
    expect(await screen.findByText('Missing today: Ana Pérez')).toBeTruthy();
    const today = screen.getByRole('region', { name: 'Stand-ups of Thursday, November 26, 2026' });
    expect(
      within(today).getByRole('link', { name: 'Open the stand-up of Bruno Díaz' }).getAttribute('href'),
    ).toBe('/project/7/standupreports/40');
    expect(within(today).getByText('2.5 h')).toBeTruthy();
    const yesterday = screen.getByRole('region', { name: 'Stand-ups of Wednesday, November 25, 2026' });
    expect(within(yesterday).getByText('Blocked')).toBeTruthy();
    expect(within(yesterday).getByText('Waiting on the API')).toBeTruthy();
    // The caller (user 1) has not submitted: the form is offered, and the sidebar entry says so.
    expect(screen.getByText("You have not submitted today's stand-up yet.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit stand-up' })).toBeTruthy();
    expect(
      await screen.findByRole('link', { name: "Stand-up reports (today's stand-up is missing)" }),
    ).toBeTruthy();
  });

  it('keeps the member filter in the query string and asks the server with it', async () => {
    const stub = signedIn();
    const { router } = renderApp('/project/7/standupreports?start_date=2026-11-01&end_date=2026-11-26');
    await screen.findByText('Missing today: Ana Pérez');
    fireEvent.click(screen.getByRole('combobox', { name: 'Member' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bruno Díaz', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toContain('user_id=2'));
    expect(router.state.location.search).toContain('start_date=2026-11-01');
    await waitFor(() =>
      expect(stub.calls.map((call) => call.url)).toContain(
        '/api/projects/7/standups?start_date=2026-11-01&end_date=2026-11-26&user_id=2',
      ),
    );
  });

  it('refuses a range over a year without asking the server', async () => {
    const stub = signedIn();
    renderApp('/project/7/standupreports?start_date=2025-01-01&end_date=2026-11-26');
    expect(await screen.findByText('This report covers at most 1 year.')).toBeTruthy();
    expect(stub.calls.some((call) => call.url.includes('start_date=2025-01-01'))).toBe(false);
  });

  it('shows no reminder once the caller has submitted, and offers to edit today’s', async () => {
    signedIn({
      '/projects/7/standups': {
        body: {
          data: makeList({
            standups: [makeStandup({ id: 41, user_id: 1, user_name: 'Ana Pérez', is_editable: true })],
            missing_today: [2],
          }),
        },
      },
    });
    renderApp('/project/7/standupreports');
    expect(await screen.findByRole('button', { name: "Edit today's stand-up" })).toBeTruthy();
    expect(screen.getByText('Missing today: Bruno Díaz')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stand-up reports' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Edit today's stand-up" }));
    expect((screen.getByRole('textbox', { name: /^What I did/ }) as HTMLTextAreaElement).value).toBe(
      'Wrote the login form',
    );
  });

  it('shows the analysis: team numbers, each member, and the words behind a signal', async () => {
    signedIn();
    renderApp('/project/7/standupreports?tab=analysis');
    const members = await screen.findByRole('table', { name: /^Each member/ });
    const row = within(members).getByRole('row', { name: /Bruno Díaz/ });
    expect(Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent)).toEqual([
      'Bruno Díaz',
      '2',
      '0',
      '5.5',
      '2.75',
      '3',
      '-14',
      '3',
      '1',
      'No',
    ]);
    expect(screen.getByText('50%')).toBeTruthy();
    const signals = screen.getByRole('region', { name: 'Signals of Bruno Díaz' });
    expect(within(signals).getByText('Blocker')).toBeTruthy();
    expect(within(signals).getByText('Words: “waiting on”')).toBeTruthy();
    expect(within(signals).getByRole('link', { name: 'Open the stand-up' }).getAttribute('href')).toBe(
      '/project/7/standupreports/39',
    );
  });

  it('words the analysis and the numbers in Spanish', async () => {
    await changeLanguage('es');
    signedIn({}, 'member');
    renderApp('/project/7/standupreports?tab=analysis');
    const members = await screen.findByRole('table', { name: /^Cada miembro/ });
    expect(within(members).getByText('5,5')).toBeTruthy();
    expect(within(members).getByText('2,75')).toBeTruthy();
    expect(screen.getByText(/Ves tus propios datos/)).toBeTruthy();
    expect(screen.getByText('Bloqueo')).toBeTruthy();
    expect(screen.getByText('Palabras: “waiting on”')).toBeTruthy();
  });

  it.each([
    ['en', 'Stress and feeling are personal: only each', /^Stress/, /^Feeling/],
    ['es', 'El estrés y el ánimo son personales: solo los ven', /^Estrés/, /^Ánimo/],
  ] as const)(
    'shows a teammate’s stand-up without the moods the server withheld (%s)',
    async (language, note, stress, feeling) => {
      await changeLanguage(language);
      signedIn(
        {
          '/projects/7/standups': {
            body: { data: makeList({ standups: [makeStandup({ stress: null, feeling: null })] }) },
          },
        },
        'member',
      );
      renderApp('/project/7/standupreports');
      const card = (await screen.findAllByRole('article'))[0]!;
      expect(within(card).getByText(language === 'en' ? '2.5 h' : '2,5 h')).toBeTruthy();
      expect(within(card).queryByText(stress)).toBeNull();
      expect(within(card).queryByText(feeling)).toBeNull();
      expect(card.textContent).not.toMatch(/null|undefined|\/5/);
      expect(screen.getByText(new RegExp(`^${note}`))).toBeTruthy();
    },
  );

  it('says why a day’s team mood averages are missing, and draws no empty mood chart', async () => {
    const withheld: StandupAnalysis = {
      ...analysis,
      team: {
        ...analysis.team,
        per_day: analysis.team.per_day.map((day) => ({ ...day, stress_avg: null, feeling_avg: null })),
        mood_averages_withheld: true,
      },
    };
    signedIn({ '/projects/7/standups/analysis': { body: { data: withheld } } }, 'member');
    renderApp('/project/7/standupreports?tab=analysis');
    expect(await screen.findByText(/a day's team average shows only when/)).toBeTruthy();
    expect(await screen.findByText('Average hours per stand-up, by day')).toBeTruthy();
    expect(screen.queryByText('Average stress and feeling, by day')).toBeNull();
  });

  it('tells a viewer they read only, without a form or a reminder', async () => {
    signedIn({}, 'viewer');
    renderApp('/project/7/standupreports');
    expect(await screen.findByText(/only owners and members submit them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit stand-up' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Stand-up reports' })).toBeTruthy();
    await screen.findByText('Missing today: Ana Pérez');
    expect(screen.getByRole('link', { name: 'Stand-up reports' })).toBeTruthy();
  });
});

describe('/project/:id/standupreports/:id', { timeout: 30_000 }, () => {
  it('shows one stand-up and lets its author edit it on its day', async () => {
    const stub = signedIn({
      '/standups/41': {
        body: { data: makeStandup({ id: 41, user_id: 1, user_name: 'Ana Pérez', is_editable: true }) },
      },
      'PUT /standups/41': {
        body: {
          data: makeStandup({ id: 41, user_id: 1, user_name: 'Ana Pérez', is_editable: true, hours: 3 }),
        },
      },
    });
    renderApp('/project/7/standupreports/41');
    expect(
      await screen.findByRole('heading', { name: 'Stand-up of Ana Pérez · Thursday, November 26, 2026' }),
    ).toBeTruthy();
    expect(screen.getByText('No blockers')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Hours worked/ }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(stub.calls.some((call) => call.init?.method === 'PUT')).toBe(true));
    const put = stub.calls.find((call) => call.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toMatchObject({ hours: 3, stress: 2, feeling: 4 });
    expect(await screen.findByText('3 h')).toBeTruthy();
  });

  it('says whose the withheld moods are on a teammate’s stand-up, in Spanish', async () => {
    await changeLanguage('es');
    signedIn({ '/standups/40': { body: { data: makeStandup({ stress: null, feeling: null }) } } }, 'member');
    renderApp('/project/7/standupreports/40');
    expect(
      await screen.findByText(
        'El estrés y el ánimo son personales: solo los ven Bruno Díaz, los propietarios del proyecto y el equipo docente.',
      ),
    ).toBeTruthy();
    const card = screen.getByRole('article');
    expect(within(card).queryByText(/^Estrés/)).toBeNull();
    expect(card.textContent).not.toMatch(/null|undefined|\/5/);
  });

  it('says "not found" for one it may not read', async () => {
    signedIn();
    renderApp('/project/7/standupreports/99');
    expect(await screen.findByText('Stand-up not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the stand-ups' })).toBeTruthy();
  });
});

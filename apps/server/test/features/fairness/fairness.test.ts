import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, defaultFolderId, setAccount, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { insertBackdatedTask } from '../../helpers/backdated-tasks.js';
import { commitRow, insertRepository } from '../../helpers/seed/code.js';
import { standupRow } from '../../helpers/seed/standups.js';

/**
 * Contribution fairness (docs/api-fairness.md) on a hand-computed team over 2026-11-01 … 11-28 (UTC):
 * Ana the hero (5 tasks alone + half of one shared with Beto), Beto an ordinary member, Ciro the
 * free-rider (12 h in the last two weeks, nothing closed, no commit), Dora silent since Nov 12.
 * Exact shares, Gini indexes and flags, and who sees whose peer score.
 */
describe.skipIf(!isDatabaseAvailable)('fairness', () => {
  let t: TestApp;
  let ana: Api;
  let beto: Api;
  let projectId: number;
  let ids: Record<'ana' | 'beto' | 'ciro' | 'dora', number>;
  const stamp = (at: string) => ({ created_at: at, updated_at: at });
  const period = 'from=2026-11-01&to=2026-11-28';

  beforeEach(async () => {
    t = await buildTestApp();
    const person = async (name: string) =>
      (await createUser(t.db, { email: `${name.toLowerCase()}@uni.example`, name })).id;
    ids = {
      ana: await person('Ana'),
      beto: await person('Beto'),
      ciro: await person('Ciro'),
      dora: await person('Dora'),
    };
    ana = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    beto = apiAs(t.app, await signIn(t.app, 'beto@uni.example'));
    projectId = (await ana('POST', '/api/projects', { name: 'Team F' })).json().data.id;
    await t.db.updateTable('projects').set({ time_zone: 'UTC' }).where('id', '=', projectId).execute();
    for (const name of ['beto', 'ciro', 'dora'] as const) {
      const api = name === 'beto' ? beto : apiAs(t.app, await signIn(t.app, `${name}@uni.example`));
      await addMember(t.db, {
        projectId,
        userId: ids[name],
        role: 'member',
        folderId: await defaultFolderId(api),
      });
    }
    await t.db.updateTable('users').set({ gitname: 'beto-gh' }).where('id', '=', ids.beto).execute();
    await seedWork();
  });
  afterEach(() => t?.close());

  async function seedWork() {
    const board = (await ana('POST', `/api/projects/${projectId}/boards`, { name: 'B' })).json().data;
    const column = (await ana('POST', `/api/boards/${board.id}/columns`, { name: 'C' })).json().data;
    const place = { columnId: column.id, boardId: board.id, projectId, createdBy: ids.ana };
    const created = '2026-10-20T10:00:00.000Z';
    const task = (completedAt: string | null, assignees: number[]) =>
      insertBackdatedTask(t.db, place, { title: 'T', completedAt, assignees, updatedAt: created });
    for (const day of ['03', '08', '16', '18', '25']) await task(`2026-11-${day}T12:00:00.000Z`, [ids.ana]);
    await task('2026-11-20T12:00:00.000Z', [ids.ana, ids.beto]); // half each
    await task('2026-11-05T12:00:00.000Z', [ids.beto]);
    await task('2026-11-21T12:00:00.000Z', []); // credited to nobody
    await task('2026-10-31T23:59:59.000Z', [ids.beto]); // before the period
    const open = await task(null, [ids.ciro]);
    const hour = (userId: number, date: string, hours: number) => ({
      task_id: open,
      project_id: projectId,
      user_id: userId,
      hours,
      date,
      ...stamp(`${date}T18:00:00.000Z`),
    });
    await t.db
      .insertInto('hours')
      .values([
        hour(ids.ana, '2026-11-03', 10),
        hour(ids.beto, '2026-11-16', 6),
        hour(ids.ciro, '2026-11-20', 4),
        hour(ids.ciro, '2026-11-24', 8),
        hour(ids.dora, '2026-11-10', 3),
        hour(ids.ciro, '2026-11-29', 5), // after the period
      ])
      .execute();
    await t.db
      .insertInto('comments')
      .values([
        { task_id: open, user_id: ids.dora, text: 'x', ...stamp('2026-11-12T09:00:00.000Z') },
        { task_id: open, user_id: ids.ana, text: 'x', ...stamp('2026-11-14T09:00:00.000Z') },
        { task_id: open, user_id: ids.ana, text: 'x', ...stamp('2026-11-15T09:00:00.000Z') },
      ])
      .execute();
    const standup = (userId: number, day: string) => standupRow(projectId, userId, day);
    await t.db
      .insertInto('standups')
      .values([
        standup(ids.beto, '2026-11-20'),
        standup(ids.beto, '2026-11-21'),
        standup(ids.beto, '2026-11-27'),
        standup(ids.ana, '2026-11-27'),
      ])
      .execute();
    await seedCode();
    await seedPeerEvaluation();
  }

  async function seedCode() {
    const repository = await insertRepository(t.db, {
      projectId,
      createdBy: ids.ana,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    const commit = (sha: string, at: string, userId: number | null) =>
      commitRow(repository.id, sha, at, userId);
    const anas = ['02', '04', '09', '17', '22', '27'].map((day) =>
      commit(`a${day}`, `2026-11-${day}T10:00:00.000Z`, ids.ana),
    );
    await t.db
      .insertInto('commits')
      .values([
        ...anas,
        commit('b1', '2026-11-06T10:00:00.000Z', ids.beto),
        commit('b2', '2026-11-19T10:00:00.000Z', ids.beto),
        commit('x1', '2026-11-19T11:00:00.000Z', null), // an author who is no member
      ])
      .execute();
    const reviews = [
      { login: 'Beto-GH', state: 'APPROVED', submitted_at: '2026-11-18T10:00:00.000Z' },
      { login: 'beto-gh', state: 'COMMENTED', submitted_at: '2026-11-26T10:00:00.000Z' },
      { login: 'beto-gh', state: 'COMMENTED', submitted_at: '2026-10-30T10:00:00.000Z' }, // before
      { login: 'someone', state: 'APPROVED', submitted_at: '2026-11-18T11:00:00.000Z' },
    ];
    await t.db
      .insertInto('pull_requests')
      .values({
        repository_id: repository.id,
        number: 1,
        title: 'PR',
        body: '',
        state: 'merged',
        url: null,
        branch: 'f',
        author_login: null,
        user_id: ids.ana,
        reviewers: JSON.stringify(reviews),
        opened_at: '2026-10-29T10:00:00.000Z',
        updated_at: '2026-11-26T10:00:00.000Z',
        first_review_at: '2026-10-30T10:00:00.000Z',
        merged_at: '2026-11-26T12:00:00.000Z',
        closed_at: '2026-11-26T12:00:00.000Z',
      })
      .execute();
  }

  async function seedPeerEvaluation() {
    const evaluation = await t.db
      .insertInto('evaluations')
      .values({
        project_id: projectId,
        created_by: ids.ana,
        title: 'Peers',
        description: '',
        type: 'team',
        initial_date: '2026-11-10',
        deadline: '2026-11-17',
        sent_at: '2026-11-10T10:00:00.000Z',
        closed_at: null,
        ...stamp('2026-11-10T10:00:00.000Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const question = async (kind: 'scale' | 'text', position: number) =>
      (
        await t.db
          .insertInto('evaluation_questions')
          .values({ evaluation_id: evaluation.id, position, kind, text: 'Q' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const scale = await question('scale', 1);
    const text = await question('text', 2);
    const respond = async (respondent: number, submitted: boolean, scores: [number, number][]) => {
      const response = await t.db
        .insertInto('evaluation_responses')
        .values({
          evaluation_id: evaluation.id,
          respondent_id: respondent,
          submitted_at: submitted ? '2026-11-15T10:00:00.000Z' : null,
          updated_at: '2026-11-15T10:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [subject, score] of scores) {
        await t.db
          .insertInto('evaluation_answers')
          .values([
            { response_id: response.id, question_id: scale, subject_id: subject, score, text: null },
            { response_id: response.id, question_id: text, subject_id: subject, score: null, text: 'ok' },
          ])
          .execute();
      }
    };
    await respond(ids.beto, true, [
      [ids.ana, 5],
      [ids.ciro, 2],
    ]);
    await respond(ids.ana, true, [
      [ids.beto, 4],
      [ids.ciro, 3],
      [ids.ana, 1],
    ]); // the self-rating is left out
    await respond(ids.ciro, true, [
      [ids.ana, 4],
      [ids.beto, 4],
    ]);
    await respond(ids.dora, false, [[ids.ana, 1]]); // a draft: left out
  }

  const fairness = (api: Api, query = period) => api('GET', `/api/projects/${projectId}/fairness?${query}`);

  it('computes every member’s facts, shares, the Gini indexes and the three flags exactly', async () => {
    const response = await fairness(ana);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ from: '2026-11-01', to: '2026-11-28', time_zone: 'UTC' });
    expect(data.members).toEqual([
      {
        user_id: ids.ana,
        name: 'Ana',
        role: 'owner',
        hours: 10,
        hours_share: 0.323,
        tasks_closed: 5.5,
        tasks_closed_share: 0.786,
        commits: 6,
        commits_share: 0.75,
        reviews: 0,
        reviews_share: 0,
        standups: 1,
        comments: 2,
        last_activity: '2026-11-27',
        peer_score: 4.5,
        peer_ratings: 2,
        peer_score_hidden: false,
        peer_score_withheld: false,
      },
      {
        user_id: ids.beto,
        name: 'Beto',
        role: 'member',
        hours: 6,
        hours_share: 0.194,
        tasks_closed: 1.5,
        tasks_closed_share: 0.214,
        commits: 2,
        commits_share: 0.25,
        reviews: 2,
        reviews_share: 1,
        standups: 3,
        comments: 0,
        last_activity: '2026-11-27',
        peer_score: 4,
        peer_ratings: 2,
        peer_score_hidden: false,
        peer_score_withheld: false,
      },
      {
        user_id: ids.ciro,
        name: 'Ciro',
        role: 'member',
        hours: 12,
        hours_share: 0.387,
        tasks_closed: 0,
        tasks_closed_share: 0,
        commits: 0,
        commits_share: 0,
        reviews: 0,
        reviews_share: 0,
        standups: 0,
        comments: 0,
        last_activity: '2026-11-24',
        peer_score: 2.5,
        peer_ratings: 2,
        peer_score_hidden: false,
        peer_score_withheld: false,
      },
      {
        user_id: ids.dora,
        name: 'Dora',
        role: 'member',
        hours: 3,
        hours_share: 0.097,
        tasks_closed: 0,
        tasks_closed_share: 0,
        commits: 0,
        commits_share: 0,
        reviews: 0,
        reviews_share: 0,
        standups: 0,
        comments: 1,
        last_activity: '2026-11-12',
        peer_score: null,
        peer_ratings: 0,
        peer_score_hidden: false,
        // A student owner reads "results appear after the deadline…", whether or not ratings exist.
        peer_score_withheld: true,
      },
    ]);
    expect(data.totals).toEqual({
      hours: 31,
      tasks_closed: 7,
      tasks_closed_uncredited: 1,
      commits: 8,
      reviews: 2,
      standups: 4,
      comments: 3,
    });
    // closed work [5.5, 1.5, 0, 0]: Σ|xi − xj| = 36 over 2·4·7 = 56; hours [10, 6, 12, 3]: 62 / 248.
    expect(data.imbalance).toEqual({ closed_work: 0.643, hours: 0.25 });
    expect(data.flags).toEqual([
      { kind: 'carries_half', user_id: ids.ana, tasks_closed: 5.5, team_tasks_closed: 7, share: 0.786 },
      {
        kind: 'no_output',
        user_id: ids.ciro,
        window_from: '2026-11-15',
        window_to: '2026-11-28',
        hours: 12,
        hour_days: ['2026-11-20', '2026-11-24'],
        tasks_closed: 0,
        commits: 0,
      },
      { kind: 'silent', user_id: ids.dora, last_activity: '2026-11-12', days_silent: 16 },
    ]);
  });

  it('moves the flags with the period: in a short early period nobody carries half, others go quiet', async () => {
    const data = (await fairness(ana, 'from=2026-11-01&to=2026-11-13')).json().data;
    // Closed: Ana 3 and 8 Nov, Beto 5 Nov → 3 in all: under the 4-task floor of carries_half.
    expect(data.members.map((m: { tasks_closed: number }) => m.tasks_closed)).toEqual([2, 1, 0, 0]);
    expect(data.flags).toEqual([
      // Beto's last activity up to Nov 13 is his commit of Nov 6: exactly 7 days.
      { kind: 'silent', user_id: ids.beto, last_activity: '2026-11-06', days_silent: 7 },
      // Ciro's first activity is Nov 20: up to Nov 13, none at all.
      { kind: 'silent', user_id: ids.ciro, last_activity: null, days_silent: null },
      // The period is shorter than 14 days: the window is the whole period, where Dora logged 3 h.
      {
        kind: 'no_output',
        user_id: ids.dora,
        window_from: '2026-11-01',
        window_to: '2026-11-13',
        hours: 3,
        hour_days: ['2026-11-10'],
        tasks_closed: 0,
        commits: 0,
      },
    ]);
  });

  it('defaults to the last 28 days up to today in the project time zone, and refuses an inverted range', async () => {
    const data = (await fairness(ana, '')).json().data; // the test clock: 2026-11-22T10:00Z
    expect([data.from, data.to]).toEqual(['2026-10-26', '2026-11-22']);
    const inverted = await fairness(ana, 'from=2026-11-10&to=2026-11-01');
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().code).toBe('RANGE_NOT_VALID');
  });

  it('shows code facts as not available (null), not zero, when no repository is linked', async () => {
    await t.db.deleteFrom('pull_requests').execute();
    await t.db.deleteFrom('commits').execute();
    await t.db.deleteFrom('repositories').execute();
    const data = (await fairness(ana)).json().data;
    expect(data.members[0]).toMatchObject({
      commits: null,
      commits_share: null,
      reviews: null,
      reviews_share: null,
    });
    expect(data.totals).toMatchObject({ commits: null, reviews: null });
  });

  it('hides teammates’ peer scores from a member, who sees everything else exactly as the owner does', async () => {
    const owners = (await fairness(ana)).json().data;
    const members = (await fairness(beto)).json().data;
    const peer = (m: { peer_score: number | null; peer_ratings: number; peer_score_hidden: boolean }) => [
      m.peer_score,
      m.peer_ratings,
      m.peer_score_hidden,
    ];
    expect(members.members.map(peer)).toEqual([
      [null, 0, true],
      [4, 2, false],
      [null, 0, true],
      [null, 0, true],
    ]);
    const withoutPeer = (data: { members: Record<string, unknown>[] }) =>
      data.members.map((member) => {
        const rest = { ...member };
        for (const key of ['peer_score', 'peer_ratings', 'peer_score_hidden', 'peer_score_withheld'])
          delete rest[key];
        return rest;
      });
    expect(withoutPeer(members)).toEqual(withoutPeer(owners));
    expect(members.flags).toEqual(owners.flags);
  });

  it('answers a student of another team 404, a teacher on a public project, and 404 on a private one', async () => {
    await createUser(t.db, { email: 'eve@uni.example', name: 'Eve' });
    const stranger = apiAs(t.app, await signIn(t.app, 'eve@uni.example'));
    expect((await fairness(stranger)).statusCode).toBe(404);

    // A viewer (here a teaching assistant) reads the page but is not one of the team's contributors.
    const viewerId = (await createUser(t.db, { email: 'vera@uni.example', name: 'Vera' })).id;
    const viewer = apiAs(t.app, await signIn(t.app, 'vera@uni.example'));
    await addMember(t.db, {
      projectId,
      userId: viewerId,
      role: 'viewer',
      folderId: await defaultFolderId(viewer),
    });
    const viewed = (await fairness(viewer)).json().data;
    expect(viewed.members.map((m: { name: string }) => m.name)).toEqual(['Ana', 'Beto', 'Ciro', 'Dora']);
    expect(viewed.members.every((m: { peer_score_hidden: boolean }) => m.peer_score_hidden)).toBe(true);

    const teacherId = (await createUser(t.db, { email: 'tina@uni.example', name: 'Tina' })).id;
    await setAccount(t.db, teacherId, { account_type: 'teacher' });
    const teacher = apiAs(t.app, await signIn(t.app, 'tina@uni.example'));
    await t.db.updateTable('projects').set({ is_private: 1 }).where('id', '=', projectId).execute();
    expect((await fairness(teacher)).statusCode).toBe(404);
    await t.db.updateTable('projects').set({ is_private: 0 }).where('id', '=', projectId).execute();
    const seen = await fairness(teacher);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.members.map((m: { peer_score: number | null }) => m.peer_score)).toEqual([
      4.5,
      4,
      2.5,
      null,
    ]);
  });
});

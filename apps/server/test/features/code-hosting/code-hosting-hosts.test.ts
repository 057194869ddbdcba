import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import {
  fakeSha,
  githubBranch,
  githubCommit,
  githubPull,
  githubReview,
  gitlabBranch,
  gitlabCommit,
  gitlabMergeRequest,
  startFakeHost,
  type FakeHost,
} from '../../helpers/fake-code-hosts.js';
import { addMember, apiAs, defaultFolderId, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const TOKEN = 'ghp_realLookingSecretToken1234567890';

function withMessage<T extends { commit: object }>(commit: T, message: string): T {
  return { ...commit, commit: { ...commit.commit, message } };
}

/**
 * GitHub and GitLab through the whole app: link, background sync against a loopback host that
 * answers as the provider documents, commits and pull requests on tasks, failures shown to owners,
 * and GitHub's OAuth link. Loopback is reachable only because the test allows 127.0.0.1 explicitly.
 */
describe.skipIf(!isDatabaseAvailable)('code hosting: GitHub and GitLab', () => {
  let t: TestApp;
  let host: FakeHost;
  let owner: Api;
  let member: Api;
  let projectId: number;
  let tasks: number[];
  let betoId: number;

  beforeEach(async () => {
    host = await startFakeHost();
    t = await buildTestApp({
      env: {
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
        JOBS_POLL_MS: '0',
        GITHUB_CLIENT_ID: 'Iv1.client',
        GITHUB_CLIENT_SECRET: 'client-secret',
        GITHUB_OAUTH_URL: host.baseUrl,
      },
    });
    await createUser(t.db, { email: 'ana@uni.example', name: 'Ana' });
    betoId = (await createUser(t.db, { email: 'beto@uni.example', name: 'Beto' })).id;
    owner = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    member = apiAs(t.app, await signIn(t.app, 'beto@uni.example'));
    await member('PUT', '/api/auth', { gitname: 'beto-gh', labname: 'beto-lab' });
    projectId = (await owner('POST', '/api/projects', { name: 'Team A' })).json().data.id;
    await addMember(t.db, {
      projectId,
      userId: betoId,
      role: 'member',
      folderId: await defaultFolderId(member),
    });
    const board = (await owner('POST', `/api/projects/${projectId}/boards`, { name: 'B' })).json().data;
    const column = (await owner('POST', `/api/boards/${board.id}/columns`, { name: 'C' })).json().data;
    tasks = [];
    for (const title of ['Login', 'Search']) {
      tasks.push((await owner('POST', `/api/columns/${column.id}/tasks`, { title })).json().data.id);
    }
  });
  afterEach(async () => {
    await t?.close();
    await host.close();
  });

  function serveGithub(repo = '/repos/team/app') {
    const [login, search] = tasks as [number, number];
    host.paged(`${repo}/branches`, [[githubBranch('main', fakeSha(2))]]);
    host.paged(`${repo}/commits`, [
      [
        withMessage(githubCommit(2, 'beto-gh'), `Search box #${search}`),
        withMessage(githubCommit(1, null), `Login #${login}`),
      ],
    ]);
    host.paged(`${repo}/pulls`, [
      [
        githubPull(7, 3, {
          title: 'Login page',
          body: `Closes #${login}`,
          user: { login: 'beto-gh', id: 2, type: 'User' },
          head: { ref: `${search}-search-box`, sha: fakeSha(2) },
          state: 'closed',
          merged_at: '2024-01-04T00:00:00Z',
          closed_at: '2024-01-04T00:00:00Z',
          requested_reviewers: [{ login: 'carla', id: 3 }],
        }),
      ],
    ]);
    host.paged(`${repo}/pulls/7/reviews`, [[githubReview('ana-gh', 'APPROVED', 2)]]);
  }

  async function linkGithub(extra: object = {}) {
    const response = await owner('POST', `/api/projects/${projectId}/repositories`, {
      provider: 'github',
      url: 'https://github.com/team/app',
      base_url: host.baseUrl,
      token: TOKEN,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { data: { id: number; sync_state: string }; authorize_url: string | null };
  }

  it('syncs commits and pull requests from GitHub onto tasks, with authors mapped by login', async () => {
    serveGithub();
    const { data: repository } = await linkGithub();
    await t.app.jobs.drain();
    const [login, search] = tasks as [number, number];
    const onSearch = (await member('GET', `/api/tasks/${search}/commits`)).json().data;
    expect(onSearch).toHaveLength(1);
    expect(onSearch[0].commit).toMatchObject({
      sha: fakeSha(2),
      user_id: betoId,
      url: `https://github.com/o/r/commit/${fakeSha(2)}`,
    });
    expect((await member('GET', `/api/tasks/${login}/commits`)).json().data[0].commit.user_id).toBeNull();

    const pulls = (await member('GET', `/api/projects/${projectId}/pull_requests`)).json();
    expect(pulls.data).toEqual([
      expect.objectContaining({
        number: 7,
        state: 'merged',
        user_id: betoId,
        task_ids: [login, search].sort((a, b) => a - b),
        first_review_at: '2024-01-03T00:00:00.000Z',
        reviewers: expect.arrayContaining([expect.objectContaining({ login: 'carla', state: 'REQUESTED' })]),
      }),
    ]);
    // The token went to the host, sealed at rest, never answered.
    expect(host.requests.every((request) => request.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    const row = await t.db
      .selectFrom('repositories')
      .selectAll()
      .where('id', '=', repository.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    const listed = await owner('GET', `/api/projects/${projectId}/repositories`);
    expect(listed.body).not.toContain(TOKEN);
    expect(listed.json().data[0]).toMatchObject({
      has_token: true,
      sync_state: 'idle',
      commit_count: 2,
      pull_request_count: 1,
    });

    // The next sync asks only for what is newer: the head is known, so no commit page is read.
    const before = host.requests.filter((request) => request.path.endsWith('/commits')).length;
    await member('POST', `/api/repositories/${repository.id}/sync`);
    await t.app.jobs.drain();
    expect(host.requests.filter((request) => request.path.endsWith('/commits')).length).toBe(before);
  });

  it('shows a removed repository to its owner as the sync error, and retries a rate-limited one later', async () => {
    const { data: repository } = await linkGithub();
    await t.app.jobs.drain();
    const owners = (await owner('GET', `/api/projects/${projectId}/repositories`)).json().data[0];
    expect(owners).toMatchObject({ sync_state: 'failed', last_error: 'SYNC_REPOSITORY_NOT_FOUND' });
    expect(
      (await member('GET', `/api/projects/${projectId}/repositories`)).json().data[0].last_error,
    ).toBeNull();

    host.route('/repos/team/app/branches', () => ({
      status: 429,
      headers: { 'retry-after': '7' },
      body: { message: 'slow down' },
    }));
    await member('POST', `/api/repositories/${repository.id}/sync`);
    await t.app.jobs.drain();
    const job = await t.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({
      state: 'queued',
      run_after: new Date(t.clock.now().getTime() + 7000).toISOString(),
    });
    expect(await t.app.jobs.drain()).toBe(0); // not due yet
    serveGithub();
    t.clock.advance(8000);
    expect(await t.app.jobs.drain()).toBe(1);
    expect((await owner('GET', `/api/projects/${projectId}/repositories`)).json().data[0]).toMatchObject({
      sync_state: 'idle',
      last_error: null,
    });
  });

  it("links through GitHub's OAuth consent and the /github/{id} page's callback", async () => {
    serveGithub();
    let exchanged: unknown = null;
    host.route('/login/oauth/access_token', () => {
      exchanged = true;
      return { body: { access_token: 'gho_fromOauth', token_type: 'bearer', scope: 'repo' } };
    });
    const { data: repository, authorize_url } = await linkGithub({ token: undefined, authorize: true });
    expect(repository.sync_state).toBe('authorizing');
    const url = new URL(authorize_url!);
    expect(url.origin + url.pathname).toBe(`${host.baseUrl}/login/oauth/authorize`);
    expect(url.searchParams.get('redirect_uri')).toBe(`https://teamboard.example.edu/github/${projectId}`);
    const state = url.searchParams.get('state')!;
    await t.app.jobs.drain();
    expect(host.requests.filter((request) => request.path.startsWith('/repos'))).toEqual([]);

    const callback = (api: Api, body: object) =>
      api('POST', `/api/projects/${projectId}/repositories/github/callback`, body);
    const forged = await callback(owner, {
      code: 'c',
      state: state.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')),
    });
    expect([forged.statusCode, forged.json().code]).toEqual([422, 'OAUTH_STATE_NOT_VALID']);
    expect((await callback(member, { code: 'c', state })).statusCode).toBe(403);
    expect(exchanged).toBeNull();

    const done = await callback(owner, { code: 'c0de', state });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ sync_state: 'queued', has_token: true });
    await t.app.jobs.drain();
    const repoCalls = host.requests.filter((request) => request.path.startsWith('/repos'));
    expect(repoCalls.length).toBeGreaterThan(0);
    expect(repoCalls.every((request) => request.headers.authorization === 'Bearer gho_fromOauth')).toBe(true);
    expect((await callback(owner, { code: 'again', state })).statusCode).toBe(422);

    t.clock.advance(16 * 60_000);
    const late = await linkGithub({ token: undefined, authorize: true, url: 'team/other' });
    const lateState = new URL(late.authorize_url!).searchParams.get('state')!;
    t.clock.advance(16 * 60_000);
    expect((await callback(owner, { code: 'c', state: lateState })).json().code).toBe(
      'OAUTH_STATE_NOT_VALID',
    );
  });

  it('syncs a self-hosted GitLab project and takes its webhook with the secret token', async () => {
    const [login] = tasks as [number];
    const base = '/api/v4/projects/group%2Fapp';
    host.paged(`${base}/repository/branches`, [[gitlabBranch('main', fakeSha(5))]]);
    host.paged(`${base}/repository/commits`, [
      [{ ...gitlabCommit(5), message: `Done #${login}`, author_email: 'beto@uni.example' }],
    ]);
    host.paged(`${base}/merge_requests`, [[gitlabMergeRequest(3, 2, { description: `Closes #${login}` })]]);
    host.route(`${base}/merge_requests/3/approvals`, () => ({
      body: { approved_by: [{ user: { username: 'ana-lab' } }] },
    }));
    const linked = await owner('POST', `/api/projects/${projectId}/repositories`, {
      provider: 'gitlab',
      url: `${host.baseUrl}/group/app`,
      base_url: host.baseUrl,
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const id = linked.json().data.id;
    const hook = (await owner('GET', `/api/repositories/${id}/webhook`)).json().data;
    const deliver = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/code_hosting/webhooks/${id}`,
        headers: {
          'content-type': 'application/json',
          'x-gitlab-event': 'Push Hook',
          'x-gitlab-token': token,
        },
        payload: '{"object_kind":"push"}',
      });
    expect((await deliver('nope')).statusCode).toBe(401);
    expect((await deliver(hook.secret)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const links = (await member('GET', `/api/tasks/${login}/commits`)).json().data;
    expect(links[0].commit).toMatchObject({ sha: fakeSha(5), user_id: betoId });
    const [mr] = (await member('GET', `/api/projects/${projectId}/pull_requests`)).json().data;
    expect(mr).toMatchObject({ number: 3, state: 'open', task_ids: [login] });
    expect(mr.reviewers).toEqual([expect.objectContaining({ login: 'ana-lab', state: 'APPROVED' })]);
  });
});

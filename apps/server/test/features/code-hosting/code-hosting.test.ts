import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { GitRepos } from '../../helpers/git-repos.js';
import { addMember, apiAs, defaultFolderId, snapshot, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const ANA = { name: 'Ana Torres', email: 'ana@uni.example' };
const BETO_GIT = { name: 'beto-dev', email: 'beto.personal@mail.example' };
const STRANGER = { name: 'Someone Else', email: 'else@mail.example' };

/**
 * Code hosting with plain git for real: a bare repository made with the git command line, commits
 * from several authors that name tasks, syncs run by the job worker (drained by the test).
 */
describe.skipIf(!isDatabaseAvailable)('code hosting: plain git', () => {
  let t: TestApp;
  let repos: GitRepos;
  let owner: Api;
  let member: Api;
  let viewer: Api;
  let projectId: number;
  let otherProjectTask: number;
  let tasks: number[];
  let anaId: number;
  let betoId: number;

  beforeEach(async () => {
    repos = new GitRepos();
    t = await buildTestApp({ env: { CODE_HOSTING_LOCAL_ROOTS: repos.root, JOBS_POLL_MS: '0' } });
    anaId = (await createUser(t.db, { email: ANA.email, name: 'Ana' })).id;
    betoId = (await createUser(t.db, { email: 'beto@uni.example', name: 'Beto' })).id;
    const viewerUser = await createUser(t.db, { email: 'vera@uni.example', name: 'Vera' });
    owner = apiAs(t.app, await signIn(t.app, ANA.email));
    member = apiAs(t.app, await signIn(t.app, 'beto@uni.example'));
    viewer = apiAs(t.app, await signIn(t.app, 'vera@uni.example'));
    expect((await member('PUT', '/api/auth', { gitname: 'Beto-Dev' })).statusCode).toBeLessThan(300);
    projectId = (await owner('POST', '/api/projects', { name: 'Team A' })).json().data.id;
    await addMember(t.db, {
      projectId,
      userId: betoId,
      role: 'member',
      folderId: await defaultFolderId(member),
    });
    await addMember(t.db, {
      projectId,
      userId: viewerUser.id,
      role: 'viewer',
      folderId: await defaultFolderId(viewer),
    });
    tasks = await makeTasks(owner, projectId, 3);
    const otherOwner = apiAs(t.app, await signIn(t.app, (await createUser(t.db)).email));
    const otherProject = (await otherOwner('POST', '/api/projects', { name: 'Team B' })).json().data.id;
    otherProjectTask = (await makeTasks(otherOwner, otherProject, 1))[0]!;
  });
  afterEach(() => t?.close());

  async function link(body: object = { provider: 'git', url: repos.bare }) {
    const response = await owner('POST', `/api/projects/${projectId}/repositories`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; sync_state: string };
  }

  async function taskCommits(taskId: number) {
    const response = await viewer('GET', `/api/tasks/${taskId}/commits`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      id: number;
      message: string;
      linked_by: string;
      commit: { sha: string; user_id: number | null; author_name: string } | null;
    }[];
  }

  it('links a local bare repository, syncs in the background and puts each commit on the tasks it names', async () => {
    const [first, second, third] = tasks as [number, number, number];
    const a = repos.commit(ANA, `Add the login form #${first}`);
    const b = repos.commit(BETO_GIT, `Validate e-mails (#${first}, #${second})`);
    repos.commit(STRANGER, `Refactor without a task; also #${otherProjectTask} of another team`);
    repos.push();

    const repository = await link();
    expect(repository.sync_state).toBe('queued');
    expect((await owner('GET', `/api/projects/${projectId}`)).json().data.has_github).toBe(true);
    // Nothing is read inside the request: the commits arrive when the worker runs.
    expect(await taskCommits(first)).toEqual([]);
    expect(await t.app.jobs.drain()).toBe(1);

    const onFirst = await taskCommits(first);
    expect(onFirst.map((link) => link.commit?.sha).sort()).toEqual([a, b].sort());
    expect(onFirst.every((link) => link.linked_by === 'message')).toBe(true);
    const byAuthor = Object.fromEntries(
      onFirst.map((link) => [link.commit!.author_name, link.commit!.user_id]),
    );
    expect(byAuthor).toEqual({ 'Ana Torres': anaId, 'beto-dev': betoId }); // email, then gitname
    expect((await taskCommits(second)).map((link) => link.commit?.sha)).toEqual([b]);
    expect(await taskCommits(third)).toEqual([]);
    expect(
      await t.db
        .selectFrom('task_commits')
        .select('task_id')
        .where('task_id', '=', otherProjectTask!)
        .execute(),
    ).toEqual([]);

    const [listed] = (await viewer('GET', `/api/projects/${projectId}/repositories`)).json().data;
    expect(listed).toMatchObject({ sync_state: 'idle', commit_count: 3, name: 'team-app', last_error: null });
    const card = (await owner('GET', `/api/tasks/${second}`)).json().data;
    expect(card.commit.message).toContain('Validate e-mails');
  });

  it('reads only new commits on the next sync, survives a force-push, and follows new branches', async () => {
    const [first, second] = tasks as [number, number];
    repos.commit(ANA, `Start #${first}`);
    repos.push();
    await link();
    await t.app.jobs.drain();
    const countCommits = async () =>
      Number(
        (
          await t.db
            .selectFrom('commits')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await countCommits()).toBe(1);

    const wip = repos.commit(ANA, `WIP #${second}`);
    repos.push();
    const [repository] = (await owner('GET', `/api/projects/${projectId}/repositories`)).json().data;
    expect((await member('POST', `/api/repositories/${repository.id}/sync`)).statusCode).toBe(202);
    await t.app.jobs.drain();
    expect(await countCommits()).toBe(2);
    expect((await taskCommits(second)).map((link) => link.commit?.sha)).toEqual([wip]);

    // History rewritten: the amended commit replaces the pushed one; the sync walks the branch again.
    const amended = repos.amend(ANA, `Finish the report #${second}`);
    repos.push({ force: true });
    await member('POST', `/api/repositories/${repository.id}/sync`);
    await t.app.jobs.drain();
    expect(await countCommits()).toBe(3);
    expect((await taskCommits(second)).map((link) => link.commit?.sha)).toContain(amended);

    repos.branch('feature/search');
    const onBranch = repos.commit(BETO_GIT, `Search box #${first}`);
    repos.push({ branch: 'feature/search' });
    await member('POST', `/api/repositories/${repository.id}/sync`);
    await t.app.jobs.drain();
    expect((await taskCommits(first)).map((link) => link.commit?.sha)).toContain(onBranch);
    const heads = await t.db.selectFrom('repository_branches').select('name').orderBy('name').execute();
    expect(heads.map((head) => head.name)).toEqual(['feature/search', 'main']);
  });

  it('links and unlinks by hand; a commit unlinked by hand is not linked again by a sync', async () => {
    const [first, second] = tasks as [number, number];
    const sha = repos.commit(ANA, `Fix #${first}`);
    repos.push();
    const repository = await link();
    await t.app.jobs.drain();
    const [auto] = await taskCommits(first);

    // Search the project's commits and link one to another task.
    const found = (await member('GET', `/api/projects/${projectId}/commits?q=fix`)).json();
    expect(found.data.map((commit: { sha: string }) => commit.sha)).toEqual([sha]);
    expect(
      (await member('GET', `/api/projects/${projectId}/commits?q=${sha.slice(0, 7)}`)).json().data,
    ).toHaveLength(1);
    const linked = await member('POST', `/api/tasks/${second}/commits`, { commit_id: found.data[0].id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.commit.message).toBe(`Fix #${first}`);
    expect((await taskCommits(second))[0]).toMatchObject({ linked_by: 'hand' });

    expect((await member('DELETE', `/api/task_commits/${auto!.id}`)).statusCode).toBe(204);
    expect(await taskCommits(first)).toEqual([]);
    repos.commit(ANA, 'Unrelated');
    repos.push();
    await member('POST', `/api/repositories/${repository.id}/sync`);
    await t.app.jobs.drain();
    expect(await taskCommits(first)).toEqual([]);

    // SPEC §4's link of any address, and the clear of every link.
    const byAddress = await member('POST', `/api/tasks/${first}/commits`, {
      message: 'Hotfix on the server',
      url: 'https://git.example.edu/team/app/commit/abc123',
    });
    expect(byAddress.statusCode, byAddress.body).toBe(200);
    expect((await taskCommits(first))[0]).toMatchObject({ commit: null, message: 'Hotfix on the server' });
    const cleared = await member('DELETE', `/api/tasks/${first}/commits`);
    expect(cleared.json().data.commit).toBeNull();
    const logs = (await member('GET', `/api/tasks/${first}/logs`)).json().data;
    expect(logs.filter((log: { field: string }) => log.field === 'commit').length).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad input with a localized error and changes nothing', async () => {
    repos.commit(ANA, 'init');
    repos.push();
    const cases: [object, number, string][] = [
      [{ provider: 'git', url: repos.plainFolder() }, 422, 'REPOSITORY_PATH_NOT_ALLOWED'],
      [{ provider: 'git', url: '/etc' }, 422, 'REPOSITORY_PATH_NOT_ALLOWED'],
      [{ provider: 'git', url: 'team/app' }, 422, 'REPOSITORY_URL_NOT_VALID'],
      [{ provider: 'git', url: 'http://127.0.0.1/team/app.git' }, 422, 'ADDRESS_NOT_ALLOWED'],
      [{ provider: 'git', url: repos.bare, token: 'x' }, 422, 'TOKEN_NOT_SUPPORTED'],
      [{ provider: 'svn', url: repos.bare }, 422, 'PROVIDER_NOT_VALID'],
      [{ provider: 'github', url: 'not a repo' }, 422, 'REPOSITORY_URL_NOT_VALID'],
      [
        { provider: 'github', url: 'team/app', base_url: 'http://169.254.169.254/api' },
        422,
        'ADDRESS_NOT_ALLOWED',
      ],
      [{ provider: 'gitlab', url: 'group/app', authorize: true }, 422, 'OAUTH_NOT_CONFIGURED'],
      [{ provider: 'git', url: '' }, 422, 'TEXT_REQUIRED'],
      [{ provider: 'git', url: repos.bare, sync_state: 'idle' }, 422, 'VALIDATION_FAILED'],
    ];
    const before = await snapshot(t.db);
    for (const [body, status, code] of cases) {
      const response = await owner('POST', `/api/projects/${projectId}/repositories`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
    const es = await apiAs(t.app, await signIn(t.app, ANA.email), { 'accept-language': 'es' })(
      'POST',
      `/api/projects/${projectId}/repositories`,
      { provider: 'git', url: repos.plainFolder() },
    );
    expect(es.json().errors[0]).toMatch(/no es un repositorio git/);
    expect(await snapshot(t.db)).toEqual(before);

    await link();
    const twice = await owner('POST', `/api/projects/${projectId}/repositories`, {
      provider: 'git',
      url: repos.bare,
    });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'REPOSITORY_ALREADY_LINKED']);
    const badLink = await member('POST', `/api/tasks/${tasks[0]}/commits`, {
      commit_id: 1,
      url: 'https://x.example',
    });
    expect(badLink.statusCode).toBe(422);
    const foreign = await member('POST', `/api/tasks/${tasks[0]}/commits`, { commit_id: 999_999 });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets owners link and unlink, members sync, viewers read; unlinking keeps the collected commits', async () => {
    const [first] = tasks as [number];
    repos.commit(ANA, `Done #${first}`);
    repos.push();
    const body = { provider: 'git', url: repos.bare };
    expect((await member('POST', `/api/projects/${projectId}/repositories`, body)).statusCode).toBe(403);
    expect((await viewer('POST', `/api/projects/${projectId}/repositories`, body)).statusCode).toBe(403);
    const repository = await link();
    await t.app.jobs.drain();
    expect((await viewer('POST', `/api/repositories/${repository.id}/sync`)).statusCode).toBe(403);
    expect((await member('GET', `/api/repositories/${repository.id}/webhook`)).statusCode).toBe(403);
    expect((await member('DELETE', `/api/repositories/${repository.id}`)).statusCode).toBe(403);
    expect((await viewer('DELETE', `/api/task_commits/1`)).statusCode).toBe(403);

    expect((await owner('DELETE', `/api/repositories/${repository.id}`)).statusCode).toBe(204);
    expect((await owner('GET', `/api/projects/${projectId}`)).json().data.has_github).toBe(false);
    expect((await viewer('GET', `/api/projects/${projectId}/repositories`)).json().data).toEqual([]);
    expect(await taskCommits(first)).toHaveLength(1);
    expect((await member('POST', `/api/repositories/${repository.id}/sync`)).statusCode).toBe(404);

    // Linked again: the same row, its history and branch heads resume.
    const again = await link();
    expect(again.id).toBe(repository.id);
  });

  it('queues a sync on a signed webhook, refuses a bad signature and ignores a replayed delivery', async () => {
    const repository = await link();
    await t.app.jobs.drain();
    const hook = (await owner('GET', `/api/repositories/${repository.id}/webhook`)).json().data;
    expect(hook.url).toBe(`https://teamboard.example.edu/api/code_hosting/webhooks/${repository.id}`);
    const stored = await t.db.selectFrom('repositories').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(hook.secret);

    const deliver = (headers: Record<string, string>, payload = '{"ref":"refs/heads/main"}') =>
      t.app.inject({
        method: 'POST',
        url: `/api/code_hosting/webhooks/${repository.id}`,
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    const jobs = async () => (await t.db.selectFrom('jobs').select('key').execute()).map((job) => job.key);

    expect((await deliver({ 'x-teamboard-token': 'wrong' })).statusCode).toBe(401);
    expect((await deliver({})).statusCode).toBe(401);
    expect(await jobs()).toEqual([]);
    const ok = await deliver({ 'x-teamboard-token': hook.secret, 'x-github-delivery': 'd-1' });
    expect(ok.statusCode, ok.body).toBe(202);
    expect(await jobs()).toEqual([`repository-sync:${repository.id}`]);
    await t.app.jobs.drain();
    const replay = await deliver({ 'x-teamboard-token': hook.secret, 'x-github-delivery': 'd-1' });
    expect([replay.statusCode, replay.json().data.queued]).toEqual([200, false]);
    expect(await jobs()).toEqual([]);

    // GitHub's signature covers the exact bytes: form-encoded deliveries too.
    const payload = 'payload=%7B%22zen%22%3A%22hi%22%7D';
    const { createHmac } = await import('node:crypto');
    const signature = `sha256=${createHmac('sha256', hook.secret).update(payload).digest('hex')}`;
    const signed = await deliver(
      {
        'content-type': 'application/x-www-form-urlencoded',
        'x-hub-signature-256': signature,
        'x-github-event': 'push',
      },
      payload,
    );
    expect(signed.statusCode, signed.body).toBe(202);
    const tampered = await deliver(
      { 'x-hub-signature-256': signature, 'x-github-event': 'push' },
      payload + 'x',
    );
    expect(tampered.statusCode).toBe(401);
    const tooBig = await deliver({ 'x-teamboard-token': hook.secret }, 'x'.repeat(3 * 1024 * 1024));
    expect(tooBig.statusCode).toBe(413);
    expect(createHash('sha256').update(hook.secret).digest('hex')).toHaveLength(64);
  });
});

async function makeTasks(api: Api, projectId: number, count: number): Promise<number[]> {
  const board = (await api('POST', `/api/projects/${projectId}/boards`, { name: 'Board' })).json().data;
  const column = (await api('POST', `/api/boards/${board.id}/columns`, { name: 'To do' })).json().data;
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push(
      (await api('POST', `/api/columns/${column.id}/tasks`, { title: `Task ${index + 1}` })).json().data.id,
    );
  }
  return ids;
}

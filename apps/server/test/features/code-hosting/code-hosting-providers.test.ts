import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GithubProvider,
  parseGithubRepository,
} from '../../../src/features/code-hosting/providers/github.js';
import {
  GitlabProvider,
  parseGitlabRepository,
} from '../../../src/features/code-hosting/providers/gitlab.js';
import { ProviderError } from '../../../src/features/code-hosting/providers/provider.js';
import { createHttpClient } from '../../../src/http-client/index.js';
import {
  deliveryId,
  verifyGithubSignature,
  verifyGitlabToken,
} from '../../../src/features/code-hosting/webhook-signatures.js';
import {
  fakeSha,
  githubBranch,
  githubCommit,
  githubPull,
  githubReview,
  gitlabBranch,
  gitlabCommit,
  gitlabMergeRequest,
  pagesAsked,
  startFakeHost,
  type FakeHost,
} from '../../helpers/fake-code-hosts.js';

const NOW = Date.UTC(2024, 5, 1);
const http = createHttpClient({ allowedHosts: ['127.0.0.1'] });

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[][]> {
  const all: T[][] = [];
  for await (const page of pages) all.push(page);
  return all;
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** Commits `from` down to `to`, newest first, as one page. */
const range = <T>(from: number, to: number, make: (n: number) => T) =>
  Array.from({ length: from - to + 1 }, (_, i) => make(from - i));

let host: FakeHost;
beforeEach(async () => {
  host = await startFakeHost();
});
afterEach(async () => {
  await host.close();
});

describe('GithubProvider', () => {
  const repo = '/repos/octo/hello';
  const github = (token?: string) =>
    new GithubProvider({ http, baseUrl: host.baseUrl, owner: 'octo', name: 'hello', token, now: () => NOW });
  const main = { name: 'main', sha: fakeSha(9) };
  const commitPages = () => [range(9, 7, githubCommit), range(6, 4, githubCommit), range(3, 1, githubCommit)];

  it('lists branches across Link pages, with the documented headers and the token', async () => {
    host.paged(`${repo}/branches`, [
      [githubBranch('main', 'a1')],
      [githubBranch('dev', 'b2')],
      [githubBranch('x', 'c3')],
    ]);
    expect(await github('ghp_secret').branches()).toEqual([
      { name: 'main', sha: 'a1' },
      { name: 'dev', sha: 'b2' },
      { name: 'x', sha: 'c3' },
    ]);
    expect(pagesAsked(host, `${repo}/branches`)).toEqual([1, 2, 3]);
    const { headers, query } = host.requests[0]!;
    expect(query.get('per_page')).toBe('100');
    expect(headers['accept']).toBe('application/vnd.github+json');
    expect(headers['x-github-api-version']).toBe('2022-11-28');
    expect(headers['user-agent']).toBeTruthy();
    expect(host.requests.every((r) => r.headers['authorization'] === 'Bearer ghp_secret')).toBe(true);
  });

  it('sends no Authorization header without a token', async () => {
    host.paged(`${repo}/branches`, [[githubBranch('main', 'a1')]]);
    await github().branches();
    expect(host.requests[0]!.headers['authorization']).toBeUndefined();
  });

  it('maps commits newest first over every page when nothing was seen', async () => {
    host.paged(`${repo}/commits`, [...commitPages().slice(0, 2), [githubCommit(3, null)]]);
    const pages = await collect(github().commits(main, null));
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages[0]![0]).toEqual({
      sha: fakeSha(9),
      message: 'Fix #9\n\nDetails',
      url: `https://github.com/o/r/commit/${fakeSha(9)}`,
      author_name: 'Mona Octocat',
      author_email: 'mona@github.com',
      author_login: 'octocat',
      committed_at: '2024-01-10T00:00:00.000Z',
    });
    expect(pages[2]![0]!.author_login).toBeNull();
    expect(host.requests[0]!.query.get('sha')).toBe('main');
  });

  it('stops before `since` and asks for no page after it', async () => {
    host.paged(`${repo}/commits`, commitPages());
    const pages = await collect(github().commits(main, fakeSha(5)));
    expect(pages.flat().map((c) => c.sha)).toEqual([9, 8, 7, 6].map(fakeSha));
    expect(pagesAsked(host, `${repo}/commits`)).toEqual([1, 2]);
  });

  it('walks the whole history when `since` is gone (a force-push)', async () => {
    host.paged(`${repo}/commits`, commitPages());
    const pages = await collect(github().commits(main, fakeSha(42)));
    expect(pages.flat()).toHaveLength(9);
    expect(pagesAsked(host, `${repo}/commits`)).toEqual([1, 2, 3]);
  });

  it('asks nothing when the head is the commit seen last, and stops at 100 pages', async () => {
    expect(await collect(github().commits(main, main.sha))).toEqual([]);
    expect(host.requests).toHaveLength(0);
    host.route(`${repo}/commits`, (r) => {
      const page = Number(r.query.get('page') ?? '1');
      return {
        headers: { link: `<${host.baseUrl}${repo}/commits?page=${page + 1}>; rel="next"` },
        body: [githubCommit(page)],
      };
    });
    expect(await collect(github().commits(main, null))).toHaveLength(100);
  });

  it('maps pull request states, reviews and requested reviewers, and stops at updatedSince', async () => {
    const merged = githubPull(3, 30, {
      state: 'closed',
      merged_at: '2024-01-30T00:00:00Z',
      closed_at: '2024-01-30T00:00:00Z',
    });
    const requested = { requested_reviewers: [{ login: 'hubot', id: 3, type: 'User' }] };
    host.paged(`${repo}/pulls`, [
      [merged, githubPull(2, 20, { state: 'closed', closed_at: '2024-01-21T00:00:00Z' })],
      [githubPull(1, 10, requested), githubPull(4, 5)],
      [githubPull(5, 1)],
    ]);
    host.paged(`${repo}/pulls/1/reviews`, [
      [githubReview('mona', 'COMMENTED', 9), githubReview('mona', 'PENDING', null)],
    ]);
    host.paged(`${repo}/pulls/3/reviews`, [[githubReview('hubot', 'APPROVED', 29)]]);
    host.paged(`${repo}/pulls/2/reviews`, [[]]);

    const pulls = (await collect(github().pullRequests('2024-01-08T00:00:00.000Z'))).flat();
    expect(pulls.map((p) => [p.number, p.state])).toEqual([
      [3, 'merged'],
      [2, 'closed'],
      [1, 'open'],
    ]);
    expect(pulls[0]).toMatchObject({
      branch: 'feature-3',
      author_login: 'octocat',
      body: '',
      merged_at: '2024-01-30T00:00:00.000Z',
    });
    expect(pulls[0]!.reviewers).toEqual([
      { login: 'hubot', state: 'APPROVED', submitted_at: '2024-01-30T00:00:00.000Z' },
    ]);
    expect(pulls[2]!.reviewers).toEqual([
      { login: 'mona', state: 'COMMENTED', submitted_at: '2024-01-10T00:00:00.000Z' },
      { login: 'hubot', state: 'REQUESTED', submitted_at: null },
    ]);
    expect(host.requests[0]!.query.toString()).toBe('state=all&sort=updated&direction=desc&per_page=100');
    expect(pagesAsked(host, `${repo}/pulls`)).toEqual([1, 2]);
    expect(pagesAsked(host, `${repo}/pulls/4/reviews`)).toEqual([]);
  });

  it('turns GitHub failures into ProviderErrors', async () => {
    const answer = (status: number, headers: Record<string, string> = {}, body: unknown = {}) =>
      host.route(`${repo}/branches`, () => ({ status, headers, body }));
    const code = async () => (await failure(github().branches())).code;

    answer(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 90) });
    expect(await failure(github().branches())).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 90_000 });
    answer(429, { 'retry-after': '7' });
    expect(await failure(github().branches())).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 7000 });
    answer(403, {}, { message: 'You have exceeded a secondary rate limit.' });
    expect(await code()).toBe('RATE_LIMITED');
    answer(403, { 'x-ratelimit-remaining': '4999' }, { message: 'Resource not accessible by integration' });
    expect(await code()).toBe('UNAUTHORIZED');
    answer(404);
    expect(await code()).toBe('REPOSITORY_NOT_FOUND');
    answer(401);
    expect(await code()).toBe('UNAUTHORIZED');
    answer(502);
    expect(await code()).toBe('UNREACHABLE');
    answer(200, {}, { not: 'a list' });
    expect(await code()).toBe('UNREACHABLE');
  });

  it('is UNREACHABLE when nothing answers, and never follows a next page to another host', async () => {
    const closed = new GithubProvider({ http, baseUrl: 'http://127.0.0.1:9', owner: 'o', name: 'r' });
    expect((await failure(closed.branches())).code).toBe('UNREACHABLE');
    host.route(`${repo}/branches`, () => ({
      headers: { link: '<http://localhost:1/steal?page=2>; rel="next"' },
      body: [githubBranch('main', 'a1')],
    }));
    const refused = await failure(github('ghp_secret').branches());
    expect(refused).toMatchObject({ code: 'UNREACHABLE', message: expect.stringContaining('another host') });
  });
});

describe('GitlabProvider', () => {
  const project = '/api/v4/projects/group%2Fsub%2Fproject';
  const gitlab = (token?: string) =>
    new GitlabProvider({ http, baseUrl: host.baseUrl, path: 'group/sub/project', token, now: () => NOW });
  const main = { name: 'main', sha: fakeSha(9) };
  const commitPages = () => [range(9, 7, gitlabCommit), range(6, 4, gitlabCommit), range(3, 1, gitlabCommit)];

  it('lists branches across Link pages with PRIVATE-TOKEN, and none without a token', async () => {
    const pages = [[gitlabBranch('main', 'a1')], [gitlabBranch('dev', 'b2')], [gitlabBranch('x', 'c3')]];
    host.paged(`${project}/repository/branches`, pages, 'gitlab');
    expect((await gitlab('glpat-secret').branches()).map((b) => b.sha)).toEqual(['a1', 'b2', 'c3']);
    expect(host.requests.every((r) => r.headers['private-token'] === 'glpat-secret')).toBe(true);
    await gitlab().branches();
    expect(host.requests[3]!.headers['private-token']).toBeUndefined();
  });

  it('follows X-Next-Page when there is no Link header', async () => {
    host.paged(`${project}/repository/commits`, commitPages(), 'next-page');
    expect((await collect(gitlab().commits(main, null))).flat()).toHaveLength(9);
    expect(pagesAsked(host, `${project}/repository/commits`)).toEqual([1, 2, 3]);
  });

  it('maps commits, stops before `since`, and walks everything after a force-push', async () => {
    host.paged(`${project}/repository/commits`, commitPages(), 'gitlab');
    const pages = await collect(gitlab().commits(main, fakeSha(5)));
    expect(pages.flat().map((c) => c.sha)).toEqual([9, 8, 7, 6].map(fakeSha));
    expect(pagesAsked(host, `${project}/repository/commits`)).toEqual([1, 2]);
    expect(pages[0]![0]).toEqual({
      sha: fakeSha(9),
      message: 'Fix #9\n',
      url: `https://gitlab.example.com/group/sub/project/-/commit/${fakeSha(9)}`,
      author_name: 'Example User',
      author_email: 'user@example.com',
      author_login: null,
      committed_at: '2024-01-10T10:00:00.000Z',
    });
    expect(host.requests[0]!.query.get('ref_name')).toBe('main');
    expect((await collect(gitlab().commits(main, fakeSha(42)))).flat()).toHaveLength(9);
  });

  it('maps merge requests with reviewers and approvals, and stops at updatedSince', async () => {
    host.paged(`${project}/merge_requests`, [
      [
        gitlabMergeRequest(4, 30, { state: 'merged', merged_at: '2024-01-30T09:00:00.000Z' }),
        gitlabMergeRequest(3, 25, { state: 'locked' }),
      ],
      [
        gitlabMergeRequest(2, 20, {
          state: 'closed',
          closed_at: '2024-01-21T09:00:00.000Z',
          description: null,
        }),
        gitlabMergeRequest(1, 10, { reviewers: [{ username: 'ann' }, { username: 'bob' }] }),
        gitlabMergeRequest(0, 2),
      ],
      [gitlabMergeRequest(5, 1)],
    ]);
    host.route(`${project}/merge_requests/1/approvals`, () => ({
      body: {
        approved: false,
        approvals_left: 1,
        approved_by: [{ user: { id: 2, username: 'bob', name: 'Bob' } }],
      },
    }));
    host.route(`${project}/merge_requests/4/approvals`, () => ({ body: { approved_by: [] } }));

    const requests = (await collect(gitlab('glpat-x').pullRequests('2024-01-05T00:00:00Z'))).flat();
    const states = requests.map((r) => [r.number, r.state]);
    expect(states).toEqual([
      [4, 'merged'],
      [3, 'closed'],
      [2, 'closed'],
      [1, 'open'],
    ]);
    expect(requests[0]).toMatchObject({ branch: 'feature-4', author_login: 'admin', body: 'Closes #4' });
    expect(requests[0]!.created_at).toBe('2024-01-01T09:00:00.000Z');
    expect(requests[2]!.body).toBe('');
    expect(requests[3]!.reviewers).toEqual([
      { login: 'bob', state: 'APPROVED', submitted_at: null },
      { login: 'ann', state: 'REQUESTED', submitted_at: null },
    ]);
    expect(host.requests[0]!.query.get('updated_after')).toBe('2024-01-05T00:00:00.000Z');
    expect(host.requests[0]!.query.get('order_by')).toBe('updated_at');
    expect(pagesAsked(host, `${project}/merge_requests`)).toEqual([1, 2]);
  });

  it('turns GitLab failures into ProviderErrors', async () => {
    const answer = (status: number, headers: Record<string, string> = {}) =>
      host.route(`${project}/repository/branches`, () => ({ status, headers, body: { message: 'x' } }));
    answer(429, { 'retry-after': '7' });
    expect(await failure(gitlab().branches())).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 7000 });
    answer(429, { 'ratelimit-remaining': '0', 'ratelimit-reset': String(NOW / 1000 + 30) });
    expect(await failure(gitlab().branches())).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 30_000 });
    answer(404);
    expect((await failure(gitlab().branches())).code).toBe('REPOSITORY_NOT_FOUND');
    answer(401);
    expect((await failure(gitlab().branches())).code).toBe('UNAUTHORIZED');
    answer(403);
    expect((await failure(gitlab().branches())).code).toBe('UNAUTHORIZED');
  });
});

describe('parseGithubRepository and parseGitlabRepository', () => {
  it('reads owner/name from the short form and web addresses', () => {
    const octo = { owner: 'octo', name: 'hello.js' };
    expect(parseGithubRepository('octo/hello.js')).toEqual(octo);
    expect(parseGithubRepository('https://github.com/octo/hello.js.git')).toEqual(octo);
    expect(parseGithubRepository('https://ghe.example.com/octo/hello.js/tree/main')).toEqual(octo);
    for (const bad of [
      'octo',
      'octo/a/b',
      'ftp://github.com/o/r',
      'https://u:p@github.com/o/r',
      'o/..',
      'https://github.com/o',
    ]) {
      expect(parseGithubRepository(bad)).toBeNull();
    }
  });

  it('reads a GitLab project path, below a relative root when one is given', () => {
    const path = { path: 'group/sub/project' };
    expect(parseGitlabRepository('group/sub/project')).toEqual(path);
    expect(parseGitlabRepository('https://gitlab.com/group/sub/project.git')).toEqual(path);
    expect(parseGitlabRepository('https://gitlab.com/group/sub/project/-/tree/main')).toEqual(path);
    expect(
      parseGitlabRepository('https://h.example/gitlab/group/sub/project', 'https://h.example/gitlab'),
    ).toEqual(path);
    expect(parseGitlabRepository('https://other.example/group/project', 'https://gitlab.com')).toBeNull();
    expect(parseGitlabRepository('project')).toBeNull();
    expect(parseGitlabRepository('group/../x')).toBeNull();
  });
});

describe('webhook signatures', () => {
  const body = Buffer.from('{"ref":"refs/heads/main","after":"abc"}');
  const sign = (payload: Buffer, secret: string) =>
    `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;

  it('accepts a GitHub signature of the raw body made with the secret, and nothing else', () => {
    const good = sign(body, 's3cret');
    expect(verifyGithubSignature(body, good, 's3cret')).toBe(true);
    expect(verifyGithubSignature(body, good.toUpperCase().replace('SHA256=', 'sha256='), 's3cret')).toBe(
      true,
    );
    expect(verifyGithubSignature(body, sign(body, 'other'), 's3cret')).toBe(false);
    expect(verifyGithubSignature(Buffer.from(`${body} `), good, 's3cret')).toBe(false);
    expect(verifyGithubSignature(body, undefined, 's3cret')).toBe(false);
    expect(verifyGithubSignature(body, good.replace('sha256=', 'sha1='), 's3cret')).toBe(false);
    expect(verifyGithubSignature(body, good.slice(0, -2), 's3cret')).toBe(false);
    expect(verifyGithubSignature(body, `${good.slice(0, -1)}z`, 's3cret')).toBe(false);
    expect(verifyGithubSignature(body, sign(body, ''), '')).toBe(false);
  });

  it('accepts the GitLab token only when it equals the secret', () => {
    expect(verifyGitlabToken('tok-123', 'tok-123')).toBe(true);
    expect(verifyGitlabToken('tok-124', 'tok-123')).toBe(false);
    expect(verifyGitlabToken('tok-1234567890', 'tok-123')).toBe(false);
    expect(verifyGitlabToken(undefined, 'tok-123')).toBe(false);
    expect(verifyGitlabToken('', '')).toBe(false);
  });

  it('takes the delivery id from GitHub, then GitLab, then Idempotency-Key', () => {
    const headers = { 'x-gitlab-event-uuid': 'uuid-1', 'idempotency-key': 'key-1' };
    expect(deliveryId({ 'x-github-delivery': 'guid-1', ...headers })).toBe('guid-1');
    expect(deliveryId(headers)).toBe('uuid-1');
    expect(deliveryId({ 'idempotency-key': ['key-2', 'key-3'] })).toBe('key-2');
    expect(deliveryId({ 'x-github-delivery': ' ' })).toBeNull();
  });
});

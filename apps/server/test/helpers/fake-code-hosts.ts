import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A GitHub or GitLab stand-in on loopback: routes by path, records every request, and replays the
 * hosts' documented JSON shapes (trimmed to the fields the providers read, plus a few neighbours).
 */
export interface SeenRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeHost {
  baseUrl: string;
  requests: SeenRequest[];
  /** Answers GET `path` (no query) with `reply`. */
  route(path: string, reply: (request: SeenRequest) => FakeReply): void;
  /** Answers `path` with `pages[page - 1]`, linking the next page as GitHub and GitLab do. */
  paged(path: string, pages: unknown[][], style?: PagingStyle): void;
  close(): Promise<void>;
}

/** `link`: Link header only (GitHub); `gitlab`: Link and X-Next-Page; `next-page`: X-Next-Page only. */
export type PagingStyle = 'link' | 'gitlab' | 'next-page';

export async function startFakeHost(): Promise<FakeHost> {
  const routes = new Map<string, (request: SeenRequest) => FakeReply>();
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const seen = { path: url.pathname, query: url.searchParams, headers: req.headers };
    requests.push(seen);
    const reply = routes.get(url.pathname)?.(seen) ?? { status: 404, body: { message: 'Not Found' } };
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body ?? null));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const pageUrl = (request: SeenRequest, page: number) => {
    const query = new URLSearchParams(request.query);
    query.set('page', String(page));
    return `${baseUrl}${request.path}?${query}`;
  };
  return {
    baseUrl,
    requests,
    route: (path, reply) => routes.set(path, reply),
    paged(path, pages, style = 'link') {
      routes.set(path, (request) => {
        const page = Number(request.query.get('page') ?? '1');
        const headers: Record<string, string> = {};
        const links = [`<${pageUrl(request, pages.length)}>; rel="last"`];
        if (page < pages.length) links.unshift(`<${pageUrl(request, page + 1)}>; rel="next"`);
        if (style !== 'next-page') headers['link'] = links.join(', ');
        if (style !== 'link') {
          headers['x-page'] = String(page);
          headers['x-next-page'] = page < pages.length ? String(page + 1) : '';
          headers['x-total-pages'] = String(pages.length);
        }
        return { headers, body: pages[page - 1] ?? [] };
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The pages (1-based) the host was asked for on `path`. */
export function pagesAsked(host: FakeHost, path: string): number[] {
  return host.requests.filter((r) => r.path === path).map((r) => Number(r.query.get('page') ?? '1'));
}

const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().replace('.000Z', 'Z');
const sha = (n: number) => n.toString(16).padStart(40, 'a');
export { sha as fakeSha };

/** GET /repos/{owner}/{repo}/branches item. */
export function githubBranch(name: string, head: string) {
  return {
    name,
    commit: { sha: head, url: `https://api.github.com/repos/o/r/commits/${head}` },
    protected: false,
  };
}

/** GET /repos/{owner}/{repo}/commits item; `n` numbers it, newer commits have larger `n`. */
export function githubCommit(n: number, login: string | null = 'octocat') {
  const person = { name: 'Mona Octocat', email: 'mona@github.com', date: day(n) };
  return {
    sha: sha(n),
    node_id: `C_${n}`,
    commit: {
      author: person,
      committer: { ...person, name: 'GitHub', email: 'noreply@github.com', date: day(n + 1) },
      message: `Fix #${n}\n\nDetails`,
      tree: { sha: sha(n + 1000), url: 'https://api.github.com/repos/o/r/git/trees/x' },
      comment_count: 0,
    },
    url: `https://api.github.com/repos/o/r/commits/${sha(n)}`,
    html_url: `https://github.com/o/r/commit/${sha(n)}`,
    author: login === null ? null : { login, id: 1, type: 'User', site_admin: false },
    committer: { login: 'web-flow', id: 19864447, type: 'User', site_admin: false },
    parents: [{ sha: sha(n - 1), url: 'https://api.github.com/repos/o/r/commits/x' }],
  };
}

/** GET /repos/{owner}/{repo}/pulls item, updated on `day(updated)`. */
export function githubPull(n: number, updated: number, extra: Record<string, unknown> = {}) {
  const repo = { id: 1296269, name: 'r', full_name: 'o/r', private: false };
  return {
    id: 1000 + n,
    number: n,
    state: 'open',
    locked: false,
    title: `Pull ${n}`,
    body: null,
    html_url: `https://github.com/o/r/pull/${n}`,
    user: { login: 'octocat', id: 1, type: 'User' },
    labels: [],
    requested_reviewers: [],
    requested_teams: [{ id: 1, slug: 'justice-league' }],
    head: { label: 'octocat:feature', ref: `feature-${n}`, sha: sha(n), repo },
    base: { label: 'octocat:main', ref: 'main', sha: sha(0), repo },
    created_at: day(0),
    updated_at: day(updated),
    closed_at: null,
    merged_at: null,
    draft: false,
    ...extra,
  };
}

/** GET /repos/{owner}/{repo}/pulls/{n}/reviews item. */
export function githubReview(login: string, state: string, submitted: number | null) {
  return {
    id: 80,
    user: { login, id: 2, type: 'User' },
    body: '',
    state,
    html_url: 'https://github.com/o/r/pull/1#pullrequestreview-80',
    submitted_at: submitted === null ? undefined : day(submitted),
    commit_id: sha(1),
    author_association: 'COLLABORATOR',
  };
}

/** GET /projects/:id/repository/branches item. */
export function gitlabBranch(name: string, head: string) {
  return {
    name,
    merged: false,
    protected: true,
    default: name === 'main',
    commit: { id: head, short_id: head.slice(0, 8), title: 'x' },
  };
}

/** GET /projects/:id/repository/commits item (GitLab gives local times with offsets). */
export function gitlabCommit(n: number) {
  const date = `${day(n).slice(0, 10)}T12:00:00.000+02:00`;
  return {
    id: sha(n),
    short_id: sha(n).slice(0, 8),
    title: `Fix #${n}`,
    author_name: 'Example User',
    author_email: 'user@example.com',
    authored_date: date,
    committer_name: 'Example User',
    committer_email: 'user@example.com',
    committed_date: date,
    created_at: date,
    message: `Fix #${n}\n`,
    parent_ids: [sha(n - 1)],
    web_url: `https://gitlab.example.com/group/sub/project/-/commit/${sha(n)}`,
  };
}

/** GET /projects/:id/merge_requests item. */
export function gitlabMergeRequest(iid: number, updated: number, extra: Record<string, unknown> = {}) {
  return {
    id: 100 + iid,
    iid,
    project_id: 3,
    title: `MR ${iid}`,
    description: `Closes #${iid}`,
    state: 'opened',
    created_at: '2024-01-01T10:00:00.000+01:00',
    updated_at: `${day(updated).slice(0, 10)}T10:00:00.000Z`,
    merged_at: null,
    closed_at: null,
    target_branch: 'main',
    source_branch: `feature-${iid}`,
    author: { id: 1, username: 'admin', name: 'Administrator', state: 'active' },
    assignees: [],
    reviewers: [],
    draft: false,
    web_url: `https://gitlab.example.com/group/sub/project/-/merge_requests/${iid}`,
    ...extra,
  };
}

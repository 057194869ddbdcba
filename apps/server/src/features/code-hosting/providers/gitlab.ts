import { z } from 'zod';
import type { HttpClient, HttpResponse } from '../../../http-client/types.js';
import type {
  BranchHead,
  CodeHostProvider,
  RemoteCommit,
  RemotePullRequest,
  RemoteReview,
} from './provider.js';
import { ProviderError } from './provider.js';
import { pathSegment, RestApi, untilKnown } from './rest-api.js';

/** GitLab REST v4 (docs.gitlab.com/api), gitlab.com or a self-managed server. */
export interface GitlabProviderOptions {
  http: HttpClient;
  /** The server: https://gitlab.com, or https://host[/relative-root] when self-managed. */
  baseUrl?: string;
  /** The project's full path, `group/subgroup/project`. */
  path: string;
  token?: string | null;
  /** Epoch milliseconds; turns RateLimit-Reset into a wait. */
  now?: () => number;
}

/** A branch walk deeper than 10,000 commits stops there (a force-push of a huge history). */
const MAX_PAGES = 100;

const isoDate = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)))
  .transform((value) => new Date(value).toISOString());
const user = z.object({ username: z.string() });

const BranchSchema = z.object({ name: z.string(), commit: z.object({ id: z.string() }) });
const CommitSchema = z.object({
  id: z.string(),
  message: z.string(),
  web_url: z.string().nullish(),
  author_name: z.string().nullish(),
  author_email: z.string().nullish(),
  committed_date: isoDate,
});
const MergeRequestSchema = z.object({
  iid: z.number().int(),
  title: z.string(),
  description: z.string().nullish(),
  state: z.string(),
  web_url: z.string().nullish(),
  source_branch: z.string(),
  author: user.nullish(),
  reviewers: z.array(user).nullish(),
  created_at: isoDate,
  updated_at: isoDate,
  merged_at: isoDate.nullish(),
  closed_at: isoDate.nullish(),
});
const ApprovalsSchema = z.object({ approved_by: z.array(z.object({ user })).nullish() });

type GitlabMergeRequest = z.infer<typeof MergeRequestSchema>;

export class GitlabProvider implements CodeHostProvider {
  private readonly api: RestApi;
  private readonly projectUrl: string;

  constructor(options: GitlabProviderOptions) {
    const apiRoot = `${serverRoot(options.baseUrl ?? 'https://gitlab.com')}/api/v4`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.token) headers['PRIVATE-TOKEN'] = options.token;
    this.projectUrl = `${apiRoot}/projects/${pathSegment(options.path)}`;
    this.api = new RestApi({
      http: options.http,
      hostName: 'GitLab',
      origin: new URL(apiRoot).origin,
      headers,
      now: options.now ?? Date.now,
      fallbackNext: nextPageHeader,
    });
  }

  async branches(): Promise<BranchHead[]> {
    const url = `${this.projectUrl}/repository/branches?per_page=100`;
    const heads: BranchHead[] = [];
    for await (const page of this.api.pages(url, BranchSchema, MAX_PAGES)) {
      heads.push(...page.map((branch) => ({ name: branch.name, sha: branch.commit.id })));
    }
    return heads;
  }

  async *commits(branch: BranchHead, since: string | null): AsyncIterable<RemoteCommit[]> {
    if (since === branch.sha) return;
    const query = new URLSearchParams({ ref_name: branch.name, per_page: '100' });
    const url = `${this.projectUrl}/repository/commits?${query}`;
    const pages = this.api.pages(url, CommitSchema, MAX_PAGES);
    for await (const fresh of untilKnown(pages, (commit) => commit.id === since)) {
      yield fresh.map((commit) => ({
        sha: commit.id,
        message: commit.message,
        url: commit.web_url ?? null,
        author_name: commit.author_name ?? '',
        author_email: commit.author_email ?? '',
        author_login: null,
        committed_at: commit.committed_date,
      }));
    }
  }

  async *pullRequests(updatedSince: string | null): AsyncIterable<RemotePullRequest[]> {
    const since = updatedSince === null ? -Infinity : Date.parse(updatedSince);
    if (Number.isNaN(since)) throw new TypeError(`updatedSince is not a date: ${updatedSince}`);
    const query = new URLSearchParams({
      state: 'all',
      order_by: 'updated_at',
      sort: 'desc',
      per_page: '100',
    });
    if (updatedSince !== null) query.set('updated_after', new Date(since).toISOString());
    const url = `${this.projectUrl}/merge_requests?${query}`;
    // updated_after already filters; the check stays in case a server ignores the parameter.
    const pages = this.api.pages(url, MergeRequestSchema, MAX_PAGES);
    for await (const fresh of untilKnown(pages, (request) => Date.parse(request.updated_at) < since)) {
      const mapped: RemotePullRequest[] = [];
      for (const request of fresh) mapped.push(toRemotePullRequest(request, await this.approvers(request)));
      yield mapped;
    }
  }

  private async approvers(request: GitlabMergeRequest): Promise<string[]> {
    try {
      const url = `${this.projectUrl}/merge_requests/${request.iid}/approvals`;
      const approvals = await this.api.get(url, ApprovalsSchema);
      return (approvals.approved_by ?? []).map((approval) => approval.user.username);
    } catch (error) {
      // A server without the approvals API answers 404 for it; the merge request itself exists.
      if (error instanceof ProviderError && error.code === 'REPOSITORY_NOT_FOUND') return [];
      throw error;
    }
  }
}

/**
 * Approvals first (GitLab does not say when), then the reviewers who have not approved yet:
 * GitLab keeps a reviewer listed after they approve.
 */
function toRemotePullRequest(request: GitlabMergeRequest, approvers: string[]): RemotePullRequest {
  const reviewers: RemoteReview[] = approvers.map((login) => ({
    login,
    state: 'APPROVED',
    submitted_at: null,
  }));
  for (const reviewer of request.reviewers ?? []) {
    if (approvers.includes(reviewer.username)) continue;
    reviewers.push({ login: reviewer.username, state: 'REQUESTED', submitted_at: null });
  }
  return {
    number: request.iid,
    title: request.title,
    body: request.description ?? '',
    state: stateOf(request),
    url: request.web_url ?? null,
    branch: request.source_branch,
    author_login: request.author?.username ?? null,
    reviewers,
    created_at: request.created_at,
    updated_at: request.updated_at,
    merged_at: request.merged_at ?? null,
    closed_at: request.closed_at ?? null,
  };
}

/** GitLab says opened, merged, closed or locked (a discussion frozen on a closed request). */
function stateOf(request: GitlabMergeRequest): RemotePullRequest['state'] {
  if (request.state === 'merged') return 'merged';
  return request.state === 'opened' ? 'open' : 'closed';
}

/** GitLab's X-Next-Page, for servers (or proxies) that drop or rewrite the Link header. */
function nextPageHeader(response: HttpResponse, url: string): string | null {
  const page = response.headers['x-next-page']?.trim();
  if (!page || !/^\d+$/.test(page)) return null;
  const next = new URL(url);
  next.searchParams.set('page', page);
  return next.href;
}

/** The server's root without a trailing slash or an `/api/v4` someone pasted with it. */
function serverRoot(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/api\/v4$/, '');
}

const SEGMENT = /^[A-Za-z0-9_.-]+$/;

/**
 * `group/subgroup/project`, or a web address of the project (optionally ending in `.git` or with a
 * `/-/…` page after it) → its full path, else null. With `baseUrl`, a web address must be on that
 * server, and the server's relative root (`https://host/gitlab`) is not part of the path.
 */
export function parseGitlabRepository(url: string, baseUrl?: string): { path: string } | null {
  const text = url.trim();
  const path = /^https?:\/\//i.test(text) ? webPath(text, baseUrl) : text;
  if (path === null) return null;
  const project = path.split('/-/', 1)[0] ?? '';
  const segments = project
    .replace(/\.git\/?$/, '')
    .split('/')
    .filter(Boolean);
  const isValid = segments.every((segment) => SEGMENT.test(segment) && !/^\.+$/.test(segment));
  return segments.length >= 2 && isValid ? { path: segments.join('/') } : null;
}

/** The path of a web address, below the server's relative root when `baseUrl` names one. */
function webPath(text: string, baseUrl: string | undefined): string | null {
  try {
    const parsed = new URL(text);
    if (parsed.username || parsed.password) return null;
    const path = decodeURIComponent(parsed.pathname);
    if (baseUrl === undefined) return path;
    const base = new URL(serverRoot(baseUrl));
    const root = base.pathname.replace(/\/+$/, '');
    if (base.origin !== parsed.origin || !path.startsWith(`${root}/`)) return null;
    return path.slice(root.length);
  } catch {
    return null;
  }
}

import { z } from 'zod';
import type { HttpClient } from '../../../http-client/types.js';
import type {
  BranchHead,
  CodeHostProvider,
  RemoteCommit,
  RemotePullRequest,
  RemoteReview,
} from './provider.js';
import { pathSegment, RestApi, untilKnown } from './rest-api.js';

/** GitHub REST v3 (docs.github.com/rest, API version 2022-11-28). */
export interface GithubProviderOptions {
  http: HttpClient;
  /** The API root: https://api.github.com, or https://<host>/api/v3 for GitHub Enterprise Server. */
  baseUrl?: string;
  owner: string;
  name: string;
  token?: string | null;
  userAgent?: string;
  /** Epoch milliseconds; turns X-RateLimit-Reset into a wait. */
  now?: () => number;
}

/** A branch walk deeper than 10,000 commits stops there (a force-push of a huge history). */
const MAX_PAGES = 100;
const MAX_REVIEW_PAGES = 10;

const isoDate = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)))
  .transform((value) => new Date(value).toISOString());
const login = z.object({ login: z.string() });

const BranchSchema = z.object({ name: z.string(), commit: z.object({ sha: z.string() }) });
const GitUserSchema = z.object({
  name: z.string().nullish(),
  email: z.string().nullish(),
  date: isoDate.nullish(),
});
const CommitSchema = z.object({
  sha: z.string(),
  html_url: z.string().nullish(),
  commit: z.object({
    message: z.string(),
    author: GitUserSchema.nullish(),
    committer: GitUserSchema.nullish(),
  }),
  author: login.nullish(),
});
const PullSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  body: z.string().nullish(),
  state: z.enum(['open', 'closed']),
  html_url: z.string().nullish(),
  head: z.object({ ref: z.string() }),
  user: login.nullish(),
  requested_reviewers: z.array(login).nullish(),
  created_at: isoDate,
  updated_at: isoDate,
  merged_at: isoDate.nullish(),
  closed_at: isoDate.nullish(),
});
const ReviewSchema = z.object({ user: login.nullish(), state: z.string(), submitted_at: isoDate.nullish() });

type GithubCommit = z.infer<typeof CommitSchema>;
type GithubPull = z.infer<typeof PullSchema>;

export class GithubProvider implements CodeHostProvider {
  private readonly api: RestApi;
  private readonly repoUrl: string;

  constructor(options: GithubProviderOptions) {
    const baseUrl = (options.baseUrl ?? 'https://api.github.com').replace(/\/+$/, '');
    const headers: Record<string, string> = {
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
      'User-Agent': options.userAgent ?? 'teamboard',
    };
    if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
    this.repoUrl = `${baseUrl}/repos/${pathSegment(options.owner)}/${pathSegment(options.name)}`;
    this.api = new RestApi({
      http: options.http,
      hostName: 'GitHub',
      origin: new URL(baseUrl).origin,
      headers,
      now: options.now ?? Date.now,
    });
  }

  async branches(): Promise<BranchHead[]> {
    const url = `${this.repoUrl}/branches?per_page=100`;
    const heads: BranchHead[] = [];
    for await (const page of this.api.pages(url, BranchSchema, MAX_PAGES)) {
      heads.push(...page.map((branch) => ({ name: branch.name, sha: branch.commit.sha })));
    }
    return heads;
  }

  async *commits(branch: BranchHead, since: string | null): AsyncIterable<RemoteCommit[]> {
    if (since === branch.sha) return;
    const query = new URLSearchParams({ sha: branch.name, per_page: '100' });
    const pages = this.api.pages(`${this.repoUrl}/commits?${query}`, CommitSchema, MAX_PAGES);
    for await (const fresh of untilKnown(pages, (commit) => commit.sha === since)) {
      yield fresh.map(toRemoteCommit);
    }
  }

  async *pullRequests(updatedSince: string | null): AsyncIterable<RemotePullRequest[]> {
    const since = updatedSince === null ? -Infinity : Date.parse(updatedSince);
    if (Number.isNaN(since)) throw new TypeError(`updatedSince is not a date: ${updatedSince}`);
    const url = `${this.repoUrl}/pulls?state=all&sort=updated&direction=desc&per_page=100`;
    const pages = this.api.pages(url, PullSchema, MAX_PAGES);
    for await (const fresh of untilKnown(pages, (pull) => Date.parse(pull.updated_at) < since)) {
      const mapped: RemotePullRequest[] = [];
      // One at a time: a burst of review calls is what trips GitHub's secondary rate limit.
      for (const pull of fresh) mapped.push(toRemotePullRequest(pull, await this.reviews(pull)));
      yield mapped;
    }
  }

  /** Submitted reviews, oldest first, then the reviewers still requested. */
  private async reviews(pull: GithubPull): Promise<RemoteReview[]> {
    const reviews: RemoteReview[] = [];
    const url = `${this.repoUrl}/pulls/${pull.number}/reviews?per_page=100`;
    for await (const page of this.api.pages(url, ReviewSchema, MAX_REVIEW_PAGES)) {
      for (const review of page) {
        // A PENDING review is a draft only its author sees; a deleted account has no user.
        if (!review.user || review.state === 'PENDING') continue;
        reviews.push({
          login: review.user.login,
          state: review.state,
          submitted_at: review.submitted_at ?? null,
        });
      }
    }
    for (const reviewer of pull.requested_reviewers ?? []) {
      reviews.push({ login: reviewer.login, state: 'REQUESTED', submitted_at: null });
    }
    return reviews;
  }
}

function toRemoteCommit(commit: GithubCommit): RemoteCommit {
  const { author, committer, message } = commit.commit;
  const date = author?.date ?? committer?.date;
  return {
    sha: commit.sha,
    message,
    url: commit.html_url ?? null,
    author_name: author?.name ?? committer?.name ?? '',
    author_email: author?.email ?? committer?.email ?? '',
    author_login: commit.author?.login ?? null,
    // Neither date is documented as optional in practice; the epoch marks a commit that had none.
    committed_at: date ?? new Date(0).toISOString(),
  };
}

function toRemotePullRequest(pull: GithubPull, reviewers: RemoteReview[]): RemotePullRequest {
  return {
    number: pull.number,
    title: pull.title,
    body: pull.body ?? '',
    state: pull.merged_at ? 'merged' : pull.state,
    url: pull.html_url ?? null,
    branch: pull.head.ref,
    author_login: pull.user?.login ?? null,
    reviewers,
    created_at: pull.created_at,
    updated_at: pull.updated_at,
    merged_at: pull.merged_at ?? null,
    closed_at: pull.closed_at ?? null,
  };
}

const NAME = /^[A-Za-z0-9_.-]+$/;

/**
 * `owner/name`, or a web address of the repository (github.com or an Enterprise host, optionally
 * ending in `.git` or with a deeper path such as `/tree/main`) → its owner and name, else null.
 */
export function parseGithubRepository(url: string): { owner: string; name: string } | null {
  const text = url.trim();
  let segments: string[];
  if (/^[^/:\s]+\/[^/:\s]+$/.test(text)) {
    segments = text.split('/');
  } else {
    let parsed: URL;
    try {
      parsed = new URL(text);
    } catch {
      return null;
    }
    if (!['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password) return null;
    segments = parsed.pathname.split('/').filter(Boolean);
  }
  const owner = segments[0];
  const name = segments[1]?.replace(/\.git$/, '');
  if (!owner || !name || !NAME.test(owner) || !NAME.test(name)) return null;
  // `.` and `..` would climb out of /repos/ once the URL is normalized.
  if (/^\.+$/.test(owner) || /^\.+$/.test(name)) return null;
  return { owner, name };
}

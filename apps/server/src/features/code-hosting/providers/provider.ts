/**
 * What every code host answers, behind one interface (GitHub, GitLab, plain git). The sync
 * (../sync.ts) drives it: branches, then each branch's commits newer than the last one seen, then
 * pull/merge requests updated since the last sync. Pages are yielded as they arrive so the sync
 * stores each before asking for the next (a failure resumes from what was stored).
 */
export interface BranchHead {
  name: string;
  sha: string;
}

export interface RemoteCommit {
  sha: string;
  message: string;
  /** Where a person reads it (null for a local repository). */
  url: string | null;
  author_name: string;
  author_email: string;
  /** The author's account on the host, when the host knows it. */
  author_login: string | null;
  /** ISO 8601 UTC. */
  committed_at: string;
}

export interface RemoteReview {
  login: string;
  /** The host's word for it: APPROVED, CHANGES_REQUESTED, COMMENTED, requested… */
  state: string;
  submitted_at: string | null;
}

export interface RemotePullRequest {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed' | 'merged';
  url: string | null;
  /** The source branch. */
  branch: string;
  author_login: string | null;
  reviewers: RemoteReview[];
  created_at: string;
  updated_at: string;
  merged_at: string | null;
  closed_at: string | null;
}

export interface CodeHostProvider {
  branches(): Promise<BranchHead[]>;
  /**
   * The branch's commits newest first, in pages, stopping before `since` (the head seen last time).
   * When `since` is no longer in the branch's history (a force-push), the whole history is walked
   * (up to the provider's cap); commits already stored are skipped by the sync.
   */
  commits(branch: BranchHead, since: string | null): AsyncIterable<RemoteCommit[]>;
  /** Pull/merge requests updated at or after `updatedSince` (all when null), in pages. */
  pullRequests(updatedSince: string | null): AsyncIterable<RemotePullRequest[]>;
}

export type ProviderErrorCode = 'REPOSITORY_NOT_FOUND' | 'RATE_LIMITED' | 'UNAUTHORIZED' | 'UNREACHABLE';

/** A failure the sync records on the repository (`last_error`) and retries with back-off. */
export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    /** RATE_LIMITED: when the host says to try again (from Retry-After or X-RateLimit-Reset). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

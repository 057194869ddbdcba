import type { Generated } from 'kysely';
import type { CodeHost, SyncState } from '@teamboard/contract';

export interface RepositoriesTable {
  id: Generated<number>;
  project_id: number;
  provider: CodeHost;
  name: string;
  /** The git remote or local path, `owner/name` (GitHub) or the project path (GitLab). */
  url: string;
  web_url: string | null;
  base_url: string | null;
  /** The access token, sealed with a key derived from SECRET_KEY (lib/sealed-secrets.ts). */
  token_sealed: string | null;
  webhook_secret_sealed: string;
  sync_state: SyncState;
  last_error: string | null;
  synced_at: string | null;
  /** Pull requests updated since this moment are asked for on the next sync. */
  pull_requests_synced_at: string | null;
  /** Unlinked: no longer synced or listed; its commits stay on their tasks. */
  unlinked_at: string | null;
  created_by: number | null;
  created_at: string;
}

/** The head of each branch seen by the last sync: the next one reads only what is newer. */
export interface RepositoryBranchesTable {
  repository_id: number;
  name: string;
  sha: string;
}

export interface CommitsTable {
  id: Generated<number>;
  repository_id: number;
  sha: string;
  message: string;
  url: string | null;
  author_name: string;
  author_email: string;
  author_login: string | null;
  user_id: number | null;
  committed_at: string;
  created_at: string;
}

export interface PullRequestsTable {
  id: Generated<number>;
  repository_id: number;
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed' | 'merged';
  url: string | null;
  branch: string;
  author_login: string | null;
  user_id: number | null;
  /** JSON: [{ login, state, submitted_at }]. */
  reviewers: string;
  opened_at: string;
  updated_at: string;
  first_review_at: string | null;
  merged_at: string | null;
  closed_at: string | null;
}

export interface PullRequestTasksTable {
  pull_request_id: number;
  task_id: number;
}

/** Webhook deliveries already handled: a replayed delivery id does nothing. */
export interface WebhookDeliveriesTable {
  repository_id: number;
  delivery_id: string;
  received_at: string;
}

/**
 * A commit linked to a task (docs/api-code-hosting.md): a collected commit (`commit_id`) found in
 * its message by a sync or linked by hand, or any commit address linked by hand (SPEC §4).
 * `removed`: unlinked by hand; kept so that a later sync does not link that commit again.
 * Declared here: code-hosting writes it, and nothing else does (tasks read it).
 */
export interface TaskCommitsTable {
  id: Generated<number>;
  task_id: number;
  commit_id: number | null;
  message: string;
  url: string | null;
  linked_by: 'message' | 'hand';
  user_id: number | null;
  removed: Generated<number>;
  created_at: string;
}

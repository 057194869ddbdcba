import { z } from 'zod';
import { ID_MAX } from './ids.js';
import { LinkCommitInputSchema } from './tasks.js';

/**
 * Code hosting (docs/api-code-hosting.md): repositories linked to a project, the commits and
 * pull/merge requests collected from them, and the commits linked to each task.
 */
export const CODE_HOSTS = ['git', 'github', 'gitlab'] as const;
export const CodeHostSchema = z.enum(CODE_HOSTS, 'PROVIDER_NOT_VALID');
export type CodeHost = z.infer<typeof CodeHostSchema>;

/**
 * Where a repository's background sync stands: queued (waiting for the worker), running, idle
 * (the last sync finished), failed (the last attempt failed; `last_error` says why and the worker
 * retries with back-off), authorizing (a GitHub repository waiting for its owner's OAuth consent).
 */
export const SYNC_STATES = ['queued', 'running', 'idle', 'failed', 'authorizing'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

export const REPOSITORY_URL_MAX_LENGTH = 500;
export const COMMIT_SEARCH_PAGE_SIZE = 20;
export const COMMIT_LIST_MAX_PAGE_SIZE = 100;

const trimmedUrl = z.string().trim().min(1, 'TEXT_REQUIRED').max(REPOSITORY_URL_MAX_LENGTH, 'TEXT_TOO_LONG');

/**
 * POST /api/projects/:id/repositories. `url` is, by provider:
 * - git: an http(s) remote (`https://host/team/app.git`) or the absolute path of a local repository
 *   inside a folder the administrator allows (CODE_HOSTING_LOCAL_ROOTS);
 * - github: `owner/name` or `https://github.com/owner/name`; `base_url` is the API root for GitHub
 *   Enterprise (default https://api.github.com);
 * - gitlab: `group/project` or its web address; `base_url` is the server (default https://gitlab.com).
 * `token` is optional (public repositories); a GitHub repository may use `authorize: true` instead,
 * which answers with the OAuth address to visit (when the administrator configured an OAuth app).
 */
export const LinkRepositoryInputSchema = z
  .object({
    provider: CodeHostSchema,
    url: trimmedUrl,
    base_url: z
      .url('URL_NOT_VALID')
      .max(REPOSITORY_URL_MAX_LENGTH, 'TEXT_TOO_LONG')
      .refine((u) => /^https?:\/\//.test(u), 'URL_NOT_VALID')
      .optional(),
    token: z.string().trim().min(1, 'TEXT_REQUIRED').max(500, 'TEXT_TOO_LONG').optional(),
    authorize: z.boolean().optional(),
  })
  .strict();
export type LinkRepositoryInput = z.infer<typeof LinkRepositoryInputSchema>;

export const RepositorySchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  provider: CodeHostSchema,
  /** What people call it: `owner/name`, or the last part of a git address. */
  name: z.string(),
  url: z.string(),
  /** Where to read it in a browser (null for a local repository). */
  web_url: z.string().nullable(),
  base_url: z.string().nullable(),
  has_token: z.boolean(),
  sync_state: z.enum(SYNC_STATES),
  /** Owners only (null for everyone else): the code of the last failure, e.g. REPOSITORY_NOT_FOUND. */
  last_error: z.string().nullable(),
  synced_at: z.string().nullable(),
  commit_count: z.number().int(),
  pull_request_count: z.number().int(),
  created_at: z.string(),
});
export type Repository = z.infer<typeof RepositorySchema>;
export const RepositoryResponseSchema = z.object({ data: RepositorySchema });
export const RepositoryListResponseSchema = z.object({ data: z.array(RepositorySchema) });

/** Owners only: how to point the host's webhook (or a git post-receive hook) at this server. */
export const RepositoryWebhookSchema = z.object({ url: z.string(), secret: z.string() });
export const RepositoryWebhookResponseSchema = z.object({ data: RepositoryWebhookSchema });

/** The answer to a link with `authorize: true`: the repository, waiting, and where to send its owner. */
export const LinkRepositoryResponseSchema = z.object({
  data: RepositorySchema,
  authorize_url: z.string().nullable(),
});

/** POST /api/projects/:id/repositories/github/callback — the `/github/{id}` page sends GitHub's answer. */
export const GithubCallbackInputSchema = z
  .object({ code: z.string().min(1).max(200), state: z.string().min(1).max(1000) })
  .strict();

export const CommitSchema = z.object({
  id: z.number().int(),
  repository_id: z.number().int(),
  sha: z.string(),
  message: z.string(),
  url: z.string().nullable(),
  author_name: z.string(),
  /** The member the author maps to (provider login, gitname/labname, or commit email), if any. */
  user_id: z.number().int().nullable(),
  committed_at: z.string(),
});
export type Commit = z.infer<typeof CommitSchema>;

/** GET /api/projects/:id/commits?q=&repository_id=&limit=&cursor= — newest first. */
export const CommitListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  repository_id: z.coerce.number().int().positive().max(ID_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(COMMIT_LIST_MAX_PAGE_SIZE).default(COMMIT_SEARCH_PAGE_SIZE),
  cursor: z.string().max(100).optional(),
});
export const CommitListResponseSchema = z.object({
  data: z.array(CommitSchema),
  next_cursor: z.string().nullable(),
});

/**
 * A commit linked to a task: found in its message by a sync (`linked_by: 'message'`) or linked by
 * hand (`'hand'`), either a collected commit (`commit` set) or any commit address (SPEC §4's link).
 */
export const TaskCommitLinkSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  message: z.string(),
  url: z.string().nullable(),
  linked_by: z.enum(['message', 'hand']),
  commit: CommitSchema.nullable(),
  created_at: z.string(),
});
export type TaskCommitLink = z.infer<typeof TaskCommitLinkSchema>;
export const TaskCommitListResponseSchema = z.object({ data: z.array(TaskCommitLinkSchema) });

/**
 * POST /api/tasks/:id/commits: `{ commit_id }`, a collected commit (the commits section's search),
 * or `{ message, url }`, any commit address (SPEC §4's link, as before code hosting).
 */
export const TaskCommitInputSchema = z
  .object({
    commit_id: z
      .number('NUMBER_NOT_VALID')
      .int('NUMBER_NOT_VALID')
      .positive('NUMBER_NOT_VALID')
      .max(ID_MAX, 'NUMBER_NOT_VALID')
      .optional(),
    message: LinkCommitInputSchema.shape.message.optional(),
    url: LinkCommitInputSchema.shape.url.optional(),
  })
  .strict()
  .refine(
    (input) =>
      input.commit_id !== undefined
        ? input.message === undefined && input.url === undefined
        : input.message !== undefined && input.url !== undefined,
    'TEXT_REQUIRED',
  );
export type TaskCommitInput = z.infer<typeof TaskCommitInputSchema>;
export const LinkCollectedCommitInputSchema = z
  .object({ commit_id: z.number().int().positive().max(ID_MAX) })
  .strict();

export const PULL_REQUEST_STATES = ['open', 'closed', 'merged'] as const;
export const PullRequestSchema = z.object({
  id: z.number().int(),
  repository_id: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  state: z.enum(PULL_REQUEST_STATES),
  url: z.string().nullable(),
  branch: z.string(),
  author_login: z.string().nullable(),
  user_id: z.number().int().nullable(),
  reviewers: z.array(z.object({ login: z.string(), state: z.string(), submitted_at: z.string().nullable() })),
  task_ids: z.array(z.number().int()),
  opened_at: z.string(),
  first_review_at: z.string().nullable(),
  merged_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type PullRequest = z.infer<typeof PullRequestSchema>;
export const PullRequestListQuerySchema = z.object({
  repository_id: z.coerce.number().int().positive().max(ID_MAX).optional(),
  state: z.enum(PULL_REQUEST_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(COMMIT_LIST_MAX_PAGE_SIZE).default(COMMIT_SEARCH_PAGE_SIZE),
  cursor: z.string().max(100).optional(),
});
export const PullRequestListResponseSchema = z.object({
  data: z.array(PullRequestSchema),
  next_cursor: z.string().nullable(),
});

/** GET /api/code_hosting/config — what the link form offers (GitHub's OAuth button only when configured). */
export const CodeHostingConfigSchema = z.object({
  github_oauth: z.boolean(),
  local_repositories: z.boolean(),
});
export const CodeHostingConfigResponseSchema = z.object({ data: CodeHostingConfigSchema });

/**
 * Task references in commit messages, pull-request titles, bodies and branch names: `#42` (the
 * task's id, as the card shows it) — not inside a word or an address fragment (`a#42`, `/#42`).
 * Branch names use `42-fix-login` or `task-42`/`task/42` too.
 */
export function taskReferences(text: string): number[] {
  const ids = new Set<number>();
  for (const match of text.matchAll(/(?<![\w/&])#(\d{1,9})\b/g)) ids.add(Number(match[1]));
  return [...ids];
}
export function branchTaskReferences(branch: string): number[] {
  const ids = new Set<number>(taskReferences(branch));
  const leading = /^(?:[\w-]+\/)?(\d{1,9})[-_]/.exec(branch);
  if (leading) ids.add(Number(leading[1]));
  for (const match of branch.matchAll(/(?:^|[/_-])task[/_-]?(\d{1,9})\b/gi)) ids.add(Number(match[1]));
  return [...ids];
}

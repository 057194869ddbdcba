import type { ProjectAccess } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import type { HttpClient } from '../../http-client/index.js';
import type { JobQueue } from '../../job-queue/job-queue.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/sealed-secrets.js';
import { signature, verifySignature } from '../../lib/signed-urls.js';
import type { UserRow } from '../../users/users.js';
import * as repo from './repositories.repository.js';
import { SYNC_JOB } from './repositories.service.js';

const STATE_LIFETIME_S = 15 * 60;

export interface GithubOauthDeps {
  db: Db;
  clock: Clock;
  http: HttpClient;
  jobs: JobQueue;
  secrets: SecretBox;
  secretKey: string;
  appUrl: string;
  app: { clientId: string; clientSecret: string; url: string };
}

/**
 * GitHub's OAuth web flow for linking a repository without pasting a token: the owner is sent to
 * GitHub with a signed `state` (repository, user, expiry), GitHub sends them back to the SPEC's
 * `/github/{project id}` page, which hands `code` and `state` to `callback`; the code is exchanged
 * for a token (sealed at rest) and the first sync is queued.
 */
export class GithubOauth {
  constructor(private readonly deps: GithubOauthDeps) {}

  authorizeUrl(user: UserRow, projectId: number, repositoryId: number): string {
    const expires = Math.floor(this.deps.clock.now().getTime() / 1000) + STATE_LIFETIME_S;
    const key = stateKey(repositoryId, user.id);
    const state = `${repositoryId}.${user.id}.${expires}.${signature(this.deps.secretKey, key, expires)}`;
    const query = new URLSearchParams({
      client_id: this.deps.app.clientId,
      redirect_uri: this.redirectUri(projectId),
      scope: 'repo',
      state,
    });
    return `${this.deps.app.url}/login/oauth/authorize?${query.toString()}`;
  }

  async callback(
    user: UserRow,
    access: ProjectAccess,
    input: { code: string; state: string },
  ): Promise<number> {
    const [repositoryId, userId, expires, given] = input.state.split('.');
    const now = Math.floor(this.deps.clock.now().getTime() / 1000);
    const valid =
      Number(userId) === user.id &&
      verifySignature(this.deps.secretKey, stateKey(Number(repositoryId), user.id), expires, given, now);
    const row = valid ? await repo.findRepository(this.deps.db, Number(repositoryId)) : undefined;
    if (!row || row.project_id !== access.project.id || row.unlinked_at || row.sync_state !== 'authorizing') {
      throw new AppError('OAUTH_STATE_NOT_VALID');
    }
    const token = await this.exchange(input.code, access.project.id);
    await repo.setSyncState(this.deps.db, row.id, {
      token_sealed: this.deps.secrets.seal(token),
      sync_state: 'queued',
    });
    await this.deps.jobs.enqueue(SYNC_JOB, String(row.id));
    return row.id;
  }

  private async exchange(code: string, projectId: number): Promise<string> {
    const response = await this.deps.http
      .request(`${this.deps.app.url}/login/oauth/access_token`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: this.deps.app.clientId,
          client_secret: this.deps.app.clientSecret,
          code,
          redirect_uri: this.redirectUri(projectId),
        }),
      })
      .catch(() => null);
    const answer =
      response?.status === 200 ? (safeJson(response.text()) as { access_token?: unknown }) : null;
    if (typeof answer?.access_token !== 'string' || answer.access_token === '')
      throw new AppError('OAUTH_FAILED');
    return answer.access_token;
  }

  private redirectUri(projectId: number): string {
    return `${this.deps.appUrl}/github/${projectId}`;
  }
}

function stateKey(repositoryId: number, userId: number): string {
  return `github-oauth:${repositoryId}:${userId}`;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

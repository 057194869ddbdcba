import type { AppDatabase } from '../../db/app-database.js';
import { can, type LinkRepositoryInput, type Repository } from '@teamboard/contract';
import { randomBytes } from 'node:crypto';
import { projectChanged, type ProjectAccess } from '../../access/access.js';
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../job-queue/job-queue.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/sealed-secrets.js';
import type { UserRow } from '../../users/users.js';
import * as repo from './repositories.repository.js';
import { resolveAddress, type AddressRules } from './repository-address.js';

export const SYNC_JOB = 'repository-sync';

export interface RepositoriesDeps {
  database: AppDatabase;
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  secrets: SecretBox;
  rules: AddressRules;
  appUrl: string;
}

function toRepository(row: repo.RepositoryListRow, isOwner: boolean): Repository {
  return {
    id: row.id,
    project_id: row.project_id,
    provider: row.provider,
    name: row.name,
    url: row.url,
    web_url: row.web_url,
    base_url: row.base_url,
    has_token: row.token_sealed !== null,
    sync_state: row.sync_state,
    last_error: isOwner ? row.last_error : null,
    synced_at: row.synced_at,
    commit_count: Number(row.commit_count ?? 0),
    pull_request_count: Number(row.pull_request_count ?? 0),
    created_at: row.created_at,
  };
}

/**
 * Linking and unlinking a project's repositories (owners), asking for a sync (owners and members),
 * and reading them (every reader; the last error for owners only). Tokens and webhook secrets are
 * sealed at rest and never answered, except the webhook secret to owners who set the hook up.
 */
export class RepositoriesService {
  constructor(private readonly deps: RepositoriesDeps) {}

  async list(access: ProjectAccess): Promise<Repository[]> {
    const rows = await repo.listRepositories(this.deps.db, access.project.id);
    return rows.map((row) => toRepository(row, can(access.role, 'project.manage')));
  }

  async one(access: ProjectAccess, id: number): Promise<Repository> {
    const row = (await repo.listRepositories(this.deps.db, access.project.id)).find((r) => r.id === id);
    if (!row) throw new AppError('NOT_FOUND');
    return toRepository(row, can(access.role, 'project.manage'));
  }

  /**
   * Links a repository (or links again one unlinked before: its history and branch heads resume).
   * `authorizing` when its owner will consent on GitHub instead of giving a token.
   */
  async link(
    user: UserRow,
    access: ProjectAccess,
    input: LinkRepositoryInput,
    authorizing: boolean,
  ): Promise<number> {
    const address = await resolveAddress(input, this.deps.rules);
    const now = this.deps.clock.now().toISOString();
    const { db } = this.deps;
    const id = await db.transaction().execute(async (trx) => {
      const same = await trx
        .selectFrom('repositories')
        .select(['id', 'unlinked_at'])
        .where('project_id', '=', access.project.id)
        .where('provider', '=', address.provider)
        .where('url', '=', address.url)
        .where('base_url', address.base_url === null ? 'is' : '=', address.base_url)
        .executeTakeFirst();
      if (same && !same.unlinked_at) throw new AppError('REPOSITORY_ALREADY_LINKED');
      const values = {
        ...address,
        token_sealed: input.token ? this.deps.secrets.seal(input.token) : null,
        sync_state: authorizing ? ('authorizing' as const) : ('queued' as const),
        created_by: user.id,
      };
      let linkedId: number;
      if (same) {
        await trx
          .updateTable('repositories')
          .set({ ...values, unlinked_at: null, last_error: null })
          .where('id', '=', same.id)
          .execute();
        linkedId = same.id;
      } else {
        linkedId = await repo.insertRepository(trx, {
          ...values,
          project_id: access.project.id,
          webhook_secret_sealed: this.deps.secrets.seal(randomBytes(24).toString('base64url')),
          created_at: now,
        });
      }
      await repo.refreshHasGithub(trx, access.project.id);
      return linkedId;
    });
    projectChanged(this.deps.database.stamps, access.project.id); // has_github
    if (!authorizing) await this.deps.jobs.enqueue(SYNC_JOB, String(id));
    return id;
  }

  /** Stops syncing and hides it from the project; commits already collected stay on their tasks. */
  async unlink(access: ProjectAccess, id: number): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.active(trx, access, id);
      await trx
        .updateTable('repositories')
        .set({ unlinked_at: this.deps.clock.now().toISOString(), token_sealed: null })
        .where('id', '=', row.id)
        .execute();
      await repo.refreshHasGithub(trx, access.project.id);
    });
    projectChanged(this.deps.database.stamps, access.project.id); // has_github
  }

  /** "Sync now": queued for the worker (a sync already waiting is not queued twice). */
  async requestSync(access: ProjectAccess, id: number): Promise<Repository> {
    const row = await this.active(this.deps.db, access, id);
    if (row.sync_state === 'authorizing') throw new AppError('CONFLICT');
    if (row.sync_state !== 'running') await repo.setSyncState(this.deps.db, row.id, { sync_state: 'queued' });
    await this.deps.jobs.enqueue(SYNC_JOB, String(row.id));
    return this.one(access, id);
  }

  async webhook(access: ProjectAccess, id: number): Promise<{ url: string; secret: string }> {
    const row = await this.active(this.deps.db, access, id);
    return {
      url: `${this.deps.appUrl}/api/code_hosting/webhooks/${row.id}`,
      secret: this.deps.secrets.open(row.webhook_secret_sealed),
    };
  }

  private async active(db: Db, access: ProjectAccess, id: number) {
    const row = await repo.findRepository(db, id);
    if (!row || row.project_id !== access.project.id || row.unlinked_at) throw new AppError('NOT_FOUND');
    return row;
  }
}

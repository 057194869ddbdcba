import { transactWithEvents } from '../../board-content/board-content.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import { RetryLater } from '../../job-queue/job-queue.js';
import { AuthorMap } from './authors.js';
import type { RepositoryRow } from './repositories.repository.js';
import * as repo from './repositories.repository.js';
import { storeCommits, storePullRequests, type StoreContext } from './commit-store.js';
import { ProviderError, type CodeHostProvider } from './providers/provider.js';

export interface SyncDeps {
  db: Db;
  clock: Clock;
  realtime: RealtimePublisher;
  providerFor: (repository: RepositoryRow) => CodeHostProvider;
}

/**
 * One repository's sync, run by the job worker (never inside a request). Incremental: each branch
 * is read from the head the last sync stored, and that head is stored only once all of the branch's
 * pages are, so a sync that fails half-way starts again from the last stored head (commits stored
 * meanwhile are skipped as already known). Pull requests are read from the last sync's start.
 */
export async function syncRepository(deps: SyncDeps, repositoryId: number): Promise<void> {
  const repository = await repo.findRepository(deps.db, repositoryId);
  if (!repository || repository.unlinked_at || repository.sync_state === 'authorizing') return;
  const startedAt = deps.clock.now().toISOString();
  await repo.setSyncState(deps.db, repositoryId, { sync_state: 'running' });
  try {
    const provider = deps.providerFor(repository);
    const context: StoreContext = {
      repositoryId,
      projectId: repository.project_id,
      authors: await AuthorMap.load(deps.db, repository.project_id, repository.provider),
      now: startedAt,
    };
    await syncBranches(deps, provider, context);
    for await (const page of provider.pullRequests(repository.pull_requests_synced_at)) {
      await deps.db.transaction().execute((trx) => storePullRequests(trx, context, page));
    }
    await repo.setSyncState(deps.db, repositoryId, {
      sync_state: 'idle',
      last_error: null,
      synced_at: deps.clock.now().toISOString(),
      pull_requests_synced_at: startedAt,
    });
  } catch (error) {
    const code = error instanceof ProviderError ? `SYNC_${error.code}` : 'SYNC_FAILED';
    await repo.setSyncState(deps.db, repositoryId, { sync_state: 'failed', last_error: code });
    if (error instanceof ProviderError && error.retryAfterMs !== undefined) {
      throw new RetryLater(error.message, error.retryAfterMs);
    }
    throw error;
  }
}

async function syncBranches(
  deps: SyncDeps,
  provider: CodeHostProvider,
  context: StoreContext,
): Promise<void> {
  const known = new Map((await repo.branchHeads(deps.db, context.repositoryId)).map((b) => [b.name, b.sha]));
  const branches = await provider.branches();
  for (const branch of branches) {
    const since = known.get(branch.name) ?? null;
    if (since === branch.sha) continue;
    for await (const page of provider.commits(branch, since)) {
      await transactWithEvents(deps.db, deps.realtime, async (trx, events) => {
        events.push(...(await storeCommits(trx, context, page)));
      });
    }
    await repo.setBranchHead(deps.db, context.repositoryId, branch);
  }
  const current = new Set(branches.map((branch) => branch.name));
  await repo.forgetBranches(
    deps.db,
    context.repositoryId,
    [...known.keys()].filter((name) => !current.has(name)),
  );
}

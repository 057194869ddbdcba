import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { RepositoriesTable } from './code-hosting.table.js';

export type RepositoryRow = Selectable<RepositoriesTable>;

export function findRepository(db: Db, id: number): Promise<RepositoryRow | undefined> {
  return db.selectFrom('repositories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The project's linked repositories (not unlinked), oldest first, with their counts. */
export function listRepositories(db: Db, projectId: number) {
  return db
    .selectFrom('repositories')
    .selectAll('repositories')
    .select((eb) => [
      eb
        .selectFrom('commits')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('commits.repository_id', '=', 'repositories.id')
        .as('commit_count'),
      eb
        .selectFrom('pull_requests')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('pull_requests.repository_id', '=', 'repositories.id')
        .as('pull_request_count'),
    ])
    .where('project_id', '=', projectId)
    .where('unlinked_at', 'is', null)
    .orderBy('id')
    .execute();
}
export type RepositoryListRow = Awaited<ReturnType<typeof listRepositories>>[number];

export async function insertRepository(
  db: Db,
  values: Omit<
    RepositoriesTable,
    'id' | 'synced_at' | 'pull_requests_synced_at' | 'unlinked_at' | 'last_error'
  >,
): Promise<number> {
  const row = await db.insertInto('repositories').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setSyncState(db: Db, id: number, values: Updateable<RepositoriesTable>): Promise<void> {
  await db.updateTable('repositories').set(values).where('id', '=', id).execute();
}

/** `has_github` follows the project's linked repositories of any host (docs/spec.md §4). */
export async function refreshHasGithub(db: Db, projectId: number): Promise<void> {
  await db
    .updateTable('projects')
    .set((eb) => ({
      has_github: eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('repositories')
              .select('repositories.id')
              .where('repositories.project_id', '=', projectId)
              .where('repositories.unlinked_at', 'is', null),
          ),
        )
        .then(1)
        .else(0)
        .end(),
    }))
    .where('id', '=', projectId)
    .execute();
}

export function branchHeads(db: Db, repositoryId: number) {
  return db
    .selectFrom('repository_branches')
    .select(['name', 'sha'])
    .where('repository_id', '=', repositoryId)
    .execute();
}

export async function setBranchHead(
  db: Db,
  repositoryId: number,
  head: { name: string; sha: string },
): Promise<void> {
  await db
    .insertInto('repository_branches')
    .values({ repository_id: repositoryId, ...head })
    .onConflict((oc) => oc.columns(['repository_id', 'name']).doUpdateSet({ sha: head.sha }))
    .execute();
}

export async function forgetBranches(db: Db, repositoryId: number, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .deleteFrom('repository_branches')
    .where('repository_id', '=', repositoryId)
    .where('name', 'in', names)
    .execute();
}

/** Records a webhook delivery; false when that delivery id was already seen (a replay). */
export async function recordDelivery(
  db: Db,
  repositoryId: number,
  deliveryId: string,
  at: string,
): Promise<boolean> {
  const rows = await db
    .insertInto('webhook_deliveries')
    .values({ repository_id: repositoryId, delivery_id: deliveryId, received_at: at })
    .onConflict((oc) => oc.columns(['repository_id', 'delivery_id']).doNothing())
    .returning('delivery_id')
    .execute();
  return rows.length === 1;
}

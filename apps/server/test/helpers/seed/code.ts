import type { Db } from '../../../src/db/database.js';

/** A linked GitHub repository `team/app`, without tokens, as the report tests seed it. */
export async function insertRepository(
  db: Db,
  repository: { projectId: number; createdBy: number | null; createdAt: string },
): Promise<{ id: number }> {
  return db
    .insertInto('repositories')
    .values({
      project_id: repository.projectId,
      provider: 'github',
      name: 'team/app',
      url: 'team/app',
      web_url: null,
      base_url: null,
      token_sealed: null,
      webhook_secret_sealed: 'x',
      sync_state: 'idle',
      created_by: repository.createdBy,
      created_at: repository.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * A commit row of `repositoryId` whose sha is its message, by `userId` (null: an unmatched author),
 * committed at `at` and stored at `createdAt` (`at` unless given).
 */
export function commitRow(
  repositoryId: number,
  sha: string,
  at: string,
  userId: number | null,
  createdAt = at,
) {
  return {
    repository_id: repositoryId,
    sha,
    message: sha,
    url: null,
    author_name: 'x',
    author_email: 'x@y',
    author_login: null,
    user_id: userId,
    committed_at: at,
    created_at: createdAt,
  };
}

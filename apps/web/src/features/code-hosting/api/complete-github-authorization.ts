import type { Repository } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { projectPath } from './keys';

/**
 * POST /api/projects/:id/repositories/github/callback with GitHub's `code` and `state`. A plain
 * function, not a mutation hook: the callback page sends it exactly once, from an effect.
 */
export async function completeGithubAuthorization(
  projectId: string,
  input: { code: string; state: string },
): Promise<Repository> {
  const body = await api.post<{ data: Repository }>(
    `${projectPath(projectId)}/repositories/github/callback`,
    input,
  );
  return body.data;
}

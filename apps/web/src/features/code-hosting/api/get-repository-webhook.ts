import { useQuery } from '@tanstack/react-query';
import type { RepositoryWebhookSchema } from '@teamboard/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { codeHostingKeys } from './keys';

export type RepositoryWebhook = z.infer<typeof RepositoryWebhookSchema>;

/** GET /api/repositories/:id/webhook (owners): where to point the host's webhook, and its secret. */
export async function getRepositoryWebhook(repositoryId: number): Promise<RepositoryWebhook> {
  const body = await api.get<{ data: RepositoryWebhook }>(`/repositories/${repositoryId}/webhook`);
  return body.data;
}

/** Read only once its disclosure opens: the secret is not fetched for nothing. */
export function useRepositoryWebhook(repositoryId: number, enabled: boolean) {
  return useQuery({
    queryKey: codeHostingKeys.webhook(repositoryId),
    queryFn: () => getRepositoryWebhook(repositoryId),
    enabled,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { CodeHostingConfigResponseSchema } from '@teamboard/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { codeHostingKeys } from './keys';

export type CodeHostingConfig = z.infer<typeof CodeHostingConfigResponseSchema>['data'];

/** GET /api/code_hosting/config: what the link form offers (GitHub OAuth, local paths). */
export async function getCodeHostingConfig(): Promise<CodeHostingConfig> {
  const body = await api.get<{ data: CodeHostingConfig }>('/code_hosting/config');
  return body.data;
}

/** The server's configuration changes only with a restart: read once per visit. */
export function useCodeHostingConfig(enabled = true) {
  return useQuery({
    queryKey: codeHostingKeys.config,
    queryFn: getCodeHostingConfig,
    staleTime: Infinity,
    enabled,
  });
}

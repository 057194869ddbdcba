import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@teamboard/contract';
import { api } from '../../../lib/api-client';

/** GET /api/config: public settings (is sign-in with an OpenID Connect provider on, and its name). */
export function getPublicConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('/config');
}

/** The server's configuration changes only with a restart: read once per visit. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: getPublicConfig,
    staleTime: Infinity,
    retry: false,
  });
}

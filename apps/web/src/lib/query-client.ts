import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { notifyFailure } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent: true` keeps a failure out of the toasts; the screen shows it itself. */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Only failures with no answer or a server error are worth a second try.
  if (isApiError(error) && error.status > 0 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) notifyFailure(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) notifyFailure(error);
        // A change that timed out may have happened all the same (its own real-time echo is
        // skipped): read again what is on screen, so a created item appears once.
        if (isApiError(error) && error.code === 'REQUEST_TIMEOUT') void queryClient.invalidateQueries();
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

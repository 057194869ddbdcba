import type { QueryClient } from '@tanstack/react-query';
import type { Standup } from '@teamboard/contract';
import { standupKeys } from './keys';

/**
 * After a submit or an edit the server answered with the stand-up: its page takes it at once, and
 * every list and analysis (and so the sidebar's reminder) is read again.
 */
export function storeStandup(queryClient: QueryClient, standup: Standup): void {
  queryClient.setQueryData<Standup>(standupKeys.standup(standup.id), standup);
  void queryClient.invalidateQueries({
    queryKey: standupKeys.all,
    predicate: (query) => query.queryKey[1] !== 'detail',
  });
}

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { matchPath, useParams, useSearchParams } from 'react-router';
import { getSession } from '../lib/session';
import { RouteFallback } from './app-layout';

// Imported when needed: statically, they would bring TanStack's useQuery into the login's code.
const loadProjectApi = () => import('../features/projects/api/get-project');
const loadBoardApi = () => import('../features/boards/api/get-board');

function toBoardId(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Fetches a project and its opened board into the cache ahead of the screens that read them: a
 * board of 2,000 cards is the long pole of /project/:id. The board is silent: if it fails, the
 * board screen's own query asks again and reports it.
 */
function prefetchProject(queryClient: QueryClient, projectId: string, boardId: number | null): void {
  void loadProjectApi().then(({ projectQueryOptions }) =>
    queryClient.prefetchQuery(projectQueryOptions(projectId)),
  );
  if (boardId === null) return;
  void loadBoardApi().then(({ boardQueryOptions }) =>
    queryClient.prefetchQuery({ ...boardQueryOptions(boardId), meta: { silent: true } }),
  );
}

/** At start-up, before the first render (which waits for the translations): the opened project. */
export function prefetchOpenedProject(queryClient: QueryClient, location: Location): void {
  const match = matchPath('/project/:id/*', location.pathname);
  if (match?.params.id === undefined || getSession() === null) return;
  prefetchProject(queryClient, match.params.id, toBoardId(new URLSearchParams(location.search).get('board')));
}

/**
 * /project/:id: when reached inside the app, starts the same requests while the project frame's
 * code loads, instead of once it has rendered. Its own Suspense boundary lets it commit, and so
 * run its effect, meanwhile.
 */
export function ProjectRoute({ children }: { children: ReactNode }) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const boardId = toBoardId(params.get('board'));

  useEffect(() => {
    if (id !== '') prefetchProject(queryClient, id, boardId);
  }, [queryClient, id, boardId]);

  return <Suspense fallback={<RouteFallback />}>{children}</Suspense>;
}

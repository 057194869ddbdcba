import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
import { getBoards } from '../features/boards/api/boards-request';
import { boardToOpen } from '../features/boards/hooks/use-last-board';
import { queryKeys } from '../lib/query-keys';
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
  if (boardId !== null) prefetchBoard(queryClient, boardId);
}

function prefetchBoard(queryClient: QueryClient, boardId: number): void {
  void loadBoardApi().then(({ boardQueryOptions }) =>
    queryClient.prefetchQuery({ ...boardQueryOptions(boardId), meta: { silent: true } }),
  );
}

/**
 * The board screen without `?board=` lands on the board used last (use-last-board.ts): its list
 * and then that board are fetched now, not after the screen's code has loaded and asked in turn.
 */
function prefetchLandingBoard(queryClient: QueryClient, projectId: string): void {
  const userId = getSession()?.user.id;
  if (userId === undefined) return;
  // The board list is asked for at once, while the board request's code loads beside it.
  void loadBoardApi();
  void queryClient
    .fetchQuery({ queryKey: queryKeys.boards(projectId), queryFn: () => getBoards(projectId) })
    .then((boards) => {
      const boardId = boardToOpen(userId, projectId, boards);
      if (boardId !== null) prefetchBoard(queryClient, boardId);
    })
    .catch(() => undefined);
}

interface ProjectAddress {
  projectId: string;
  /** What follows /project/:id/ ('' on the board screen). */
  screen: string;
  boardId: number | null;
}

function projectAddress(pathname: string, search: string): ProjectAddress | null {
  const match = matchPath('/project/:id/*', pathname);
  if (match?.params.id === undefined) return null;
  const boardId = toBoardId(new URLSearchParams(search).get('board'));
  return { projectId: match.params.id, screen: match.params['*'] ?? '', boardId };
}

/**
 * Starts what /project/:id… will read: the project and its board. The landing board only when the
 * project is entered: a board closed or deleted later leaves "Choose a board", as the screen does.
 */
function prefetchFor(
  queryClient: QueryClient,
  { projectId, screen, boardId }: ProjectAddress,
  isEntering: boolean,
): void {
  if (getSession() === null) return;
  prefetchProject(queryClient, projectId, boardId);
  if (isEntering && boardId === null && screen === '') prefetchLandingBoard(queryClient, projectId);
}

/** At start-up, before the first render (which waits for the translations): the opened project. */
export function prefetchOpenedProject(queryClient: QueryClient, location: Location): void {
  const address = projectAddress(location.pathname, location.search);
  if (address !== null) prefetchFor(queryClient, address, true);
}

/**
 * /project/:id: when reached inside the app, starts the same requests while the project frame's
 * code loads, instead of once it has rendered. Its own Suspense boundary lets it commit, and so
 * run its effect, meanwhile.
 */
export function ProjectRoute({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const address = projectAddress(pathname, search);
  // Again only when the project, the screen or the board changes (not for `?task=`).
  const projectId = address?.projectId ?? null;
  const screen = address?.screen ?? '';
  const boardId = address?.boardId ?? null;
  const entered = useRef<string | null>(null);

  useEffect(() => {
    if (projectId === null) return;
    const isEntering = entered.current !== projectId;
    entered.current = projectId;
    prefetchFor(queryClient, { projectId, screen, boardId }, isEntering);
  }, [queryClient, projectId, screen, boardId]);

  return <Suspense fallback={<RouteFallback />}>{children}</Suspense>;
}

import { can, type Label, type Member } from '@teamboard/contract';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { BoardPresence } from '../../../features/boards/components/board-presence';
import { BoardTaskRequestsContext } from '../../../features/boards/board-task-requests';
import { BoardView } from '../../../features/boards/components/board-view';
import { useBoards } from '../../../features/boards/api/get-boards';
import { useLastBoard } from '../../../features/boards/hooks/use-last-board';
import { boardTaskRequests } from '../../board-task-requests';
import { useCreateLabel } from '../../../features/labels/api/create-label';
import { useLabels } from '../../../features/labels/api/get-labels';
import { LabelsManager } from '../../../features/labels/components/labels-manager';
import { useMilestones } from '../../../features/milestones/api/get-milestones';
import { useProject } from '../../../features/projects/api/get-project';
import { useCurrentUser } from '../../../lib/session';
import { useLiveBoard } from '../../live-updates/use-live-board';

// The task detail (Markdown, panels) is its own chunk, loaded when a card is opened.
const NO_LABELS: Label[] = [];
const NO_MEMBERS: Member[] = [];

const loadTaskDetail = () => import('../../../features/tasks/components/task-detail');
const TaskDetail = lazy(loadTaskDetail);

/**
 * The task detail's code is fetched once the board is idle, so the first card opened waits only
 * for its own data (issue 14: first open ≤ 300 ms on a 2,000-task board, bench:web).
 */
function usePreloadedTaskDetail(): void {
  useEffect(() => {
    const preload = () => void loadTaskDetail().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(preload, { timeout: 500 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(preload, 500);
    return () => clearTimeout(timer);
  }, []);
}

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
}

function OpenTask({
  projectId,
  taskId,
  onClose,
}: {
  projectId: string;
  taskId: number;
  onClose: () => void;
}) {
  const { data: project } = useProject(projectId);
  const user = useCurrentUser();
  const { data: labels = [] } = useLabels(projectId);
  const { data: milestones = [] } = useMilestones(projectId);
  const createLabel = useCreateLabel(projectId);
  return (
    <Suspense fallback={null}>
      <TaskDetail
        taskId={taskId}
        role={project?.role ?? null}
        currentUserId={user?.id ?? 0}
        members={project?.members ?? []}
        labels={labels}
        milestones={milestones}
        onCreateLabel={(input) => createLabel.mutateAsync(input)}
        onClose={onClose}
      />
    </Suspense>
  );
}

/**
 * /project/:id — the board view. `?board=` is the selected board (opening the project from the
 * sidebar clears it, docs/spec.md §4) and `?task=` the open task, so a reload keeps both.
 */
export default function BoardRoute() {
  const { t } = useTranslation('projects');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const { data: project } = useProject(id);
  const { data: labels = NO_LABELS } = useLabels(id);
  const role = project?.role ?? null;
  const boardId = positiveId(params.get('board'));
  const taskId = positiveId(params.get('task'));

  // The board is 2,000 cards: its callbacks must not change with the address (react-router's
  // setter does), or opening a task re-renders every column (issue 14: first open ≤ 300 ms).
  const setParamsRef = useRef(setParams);
  useLayoutEffect(() => {
    setParamsRef.current = setParams;
  });
  const setParam = useCallback(
    (name: string, value: number | null, replace = false) =>
      setParamsRef.current(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(name);
          else next.set(name, String(value));
          // Choosing another board closes the open task; landing on the first board (a replace)
          // keeps one opened from a link (`/project/5?task=9`, the pull-request table's task links).
          if (name === 'board' && !replace) next.delete('task');
          return next;
        },
        { replace },
      ),
    [],
  );
  const { data: boards } = useBoards(id);
  // The landing board replaces the address, so Back leaves the project instead of undoing it.
  const openLandingBoard = useCallback((board: number) => setParam('board', board, true), [setParam]);
  const shownBoardId = useLastBoard({
    userId: user?.id ?? null,
    projectId: id,
    boards,
    selectedBoardId: boardId,
    select: openLandingBoard,
  });
  const openTask = useCallback((task: number) => setParam('task', task), [setParam]);
  usePreloadedTaskDetail();
  const selectBoard = useCallback((board: number | null) => setParam('board', board), [setParam]);
  const canEditWork = can(role, 'work.edit');
  const toolbar = useMemo(() => (canEditWork ? <LabelsManager projectId={id} /> : null), [canEditWork, id]);
  const present = useLiveBoard({
    projectId: id,
    boardId: shownBoardId,
    onDeleted: () => setParam('board', null),
    // Access to a board is access to its project: the project screen would be Not Found too.
    onRevoked: () => void navigate('/home'),
  });

  const currentUserId = user?.id ?? null;
  const presence = useMemo(
    () => <BoardPresence users={present} currentUserId={currentUserId} />,
    [present, currentUserId],
  );

  return (
    <Page title={t('pages.board')}>
      <BoardTaskRequestsContext.Provider value={boardTaskRequests}>
        <BoardView
          projectId={id}
          role={role}
          members={project?.members ?? NO_MEMBERS}
          labels={labels}
          toolbar={toolbar}
          presence={presence}
          selectedBoardId={shownBoardId}
          onSelectBoard={selectBoard}
          onOpenTask={openTask}
        />
      </BoardTaskRequestsContext.Provider>
      {taskId !== null && <OpenTask projectId={id} taskId={taskId} onClose={() => setParam('task', null)} />}
    </Page>
  );
}

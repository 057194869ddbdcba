import { Alert, Box, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { can, TASK_SEARCH_DEBOUNCE_MS, type Label, type Member, type ProjectRole } from '@teamboard/contract';
import { IconLayoutKanban, IconSearch } from '@tabler/icons-react';
import { memo, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { useBoard } from '../api/get-board';
import { useBoards } from '../api/get-boards';
import { OpenFormContext, useOpenFormState } from '../hooks/use-open-form';
import { ArchivedTasksDrawer } from './archived-tasks-drawer';
import { BoardCanvas } from './board-canvas';
import { BoardTabs } from './board-tabs';
import { useBoardTaskRequests } from '../board-task-requests';

interface BoardViewProps {
  projectId: string;
  role: ProjectRole | null;
  members: Member[];
  /** The project's labels, offered in the board settings. */
  labels: Label[];
  /** More toolbar controls next to "Archived tasks" (composed by the route, e.g. the labels manager). */
  toolbar?: ReactNode;
  /** Who else is looking at the selected board, shown at the end of its toolbar. */
  presence?: ReactNode;
  selectedBoardId: number | null;
  onSelectBoard: (id: number | null) => void;
  onOpenTask: (id: number) => void;
}

function SelectedBoard({
  boardId,
  members,
  canEdit,
  toolbar,
  presence,
  onOpenTask,
}: {
  boardId: number;
  members: Member[];
  canEdit: boolean;
  toolbar?: ReactNode;
  presence?: ReactNode;
  onOpenTask: (id: number) => void;
}) {
  const { t } = useTranslation('boards');
  const { data: board, isPending, error } = useBoard(boardId);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), TASK_SEARCH_DEBOUNCE_MS);
  const { useSearchTasks } = useBoardTaskRequests();
  const search = useSearchTasks(boardId, debounced);
  const matches = useMemo(
    () => (debounced !== '' && search.data ? new Set(search.data.map((task) => task.id)) : null),
    [debounced, search.data],
  );

  if (isPending) return <Loader size="sm" role="status" aria-label={t('loading')} />;
  if (error || !board) return <Alert color="red">{error?.message}</Alert>;
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <TextInput
          type="search"
          size="xs"
          w={{ base: '100%', xs: 260 }}
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={14} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        <ArchivedTasksDrawer boardId={boardId} canEdit={canEdit} />
        {toolbar}
        <Box ml="auto">{presence}</Box>
      </Group>
      {matches !== null && (
        <div role="status" style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
          {t('search.results', { count: matches.size })}
        </div>
      )}
      <BoardCanvas
        board={board}
        members={members}
        canEdit={canEdit}
        matches={matches}
        onOpenTask={onOpenTask}
      />
    </Stack>
  );
}

/**
 * /project/:id: the board tabs and the selected board. Memoized: opening or closing a task changes
 * the address, and the 2,000 cards below must not render again for it.
 */
export const BoardView = memo(function BoardView({
  projectId,
  role,
  members,
  labels,
  toolbar,
  presence,
  selectedBoardId,
  onSelectBoard,
  onOpenTask,
}: BoardViewProps) {
  const { t } = useTranslation('boards');
  const formState = useOpenFormState();
  const canEdit = can(role, 'work.edit');
  const { data: boards, isPending } = useBoards(projectId);
  const description = boards?.find((board) => board.id === selectedBoardId)?.description.trim() ?? '';

  return (
    <OpenFormContext.Provider value={formState}>
      <Stack gap="md">
        {isPending ? (
          <Loader size="sm" role="status" aria-label={t('loading')} />
        ) : (
          <BoardTabs
            projectId={projectId}
            boards={boards ?? []}
            labels={labels}
            selectedId={selectedBoardId}
            canEdit={canEdit}
            onSelect={onSelectBoard}
          />
        )}
        {description !== '' && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {description}
          </Text>
        )}
        {selectedBoardId !== null ? (
          <SelectedBoard
            key={selectedBoardId}
            boardId={selectedBoardId}
            members={members}
            canEdit={canEdit}
            toolbar={toolbar}
            presence={presence}
            onOpenTask={onOpenTask}
          />
        ) : (
          !isPending && (
            <EmptyState
              icon={<IconLayoutKanban aria-hidden size={28} />}
              title={boards && boards.length > 0 ? t('board.choose') : t('board.none')}
              description={canEdit && boards?.length === 0 ? t('board.none_hint') : undefined}
            />
          )
        )}
      </Stack>
    </OpenFormContext.Provider>
  );
});

import type { Board } from '@teamboard/contract';
import { useEffect, useRef } from 'react';

/*
 * Issue 14: opening a project lands on the board the person used last there (or the first one),
 * instead of "Choose a board" every time. Remembered per user and project in this browser only.
 * The SPEC rule still holds: a project opened without `?board=` never shows another project's board.
 */
const STORAGE_PREFIX = 'teamboard:last-board';

function storageKey(userId: number, projectId: string): string {
  return `${STORAGE_PREFIX}:${userId}:${projectId}`;
}

export function rememberLastBoard(userId: number, projectId: string, boardId: number): void {
  try {
    localStorage.setItem(storageKey(userId, projectId), String(boardId));
  } catch {
    // Storage full or disabled: the project then opens on its first board.
  }
}

/** The board to open: the last one used if it still exists, else the first; null with no boards. */
export function boardToOpen(userId: number, projectId: string, boards: Board[]): number | null {
  let remembered: number | null = null;
  try {
    remembered = Number(localStorage.getItem(storageKey(userId, projectId)));
  } catch {
    remembered = null;
  }
  const last = boards.find((board) => board.id === remembered);
  return (last ?? boards[0])?.id ?? null;
}

/**
 * Selects a board once per visit of a project when none is in the address; later, a person who
 * closes the board (clicking its tab again) keeps "Choose a board". Remembers each selection.
 */
export function useLastBoard(options: {
  userId: number | null;
  projectId: string;
  boards: Board[] | undefined;
  selectedBoardId: number | null;
  select: (boardId: number) => void;
}): void {
  const { userId, projectId, boards, selectedBoardId, select } = options;
  const visited = useRef<string | null>(null);
  useEffect(() => {
    if (userId === null || boards === undefined || visited.current === projectId) return;
    visited.current = projectId;
    if (selectedBoardId !== null) return;
    const boardId = boardToOpen(userId, projectId, boards);
    if (boardId !== null) select(boardId);
  }, [userId, projectId, boards, selectedBoardId, select]);
  useEffect(() => {
    if (userId !== null && selectedBoardId !== null) rememberLastBoard(userId, projectId, selectedBoardId);
  }, [userId, projectId, selectedBoardId]);
}

import type { Board } from '@teamboard/contract';
import { useEffect, useState } from 'react';

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
 * The board to show: the one in the address, or on entering a project without one, the landing
 * board — shown at once (no render of "Choose a board" first) while the address catches up. Later, a
 * person who closes the board (clicking its tab again) keeps "Choose a board". Remembers each choice.
 */
export function useLastBoard(options: {
  userId: number | null;
  projectId: string;
  boards: Board[] | undefined;
  selectedBoardId: number | null;
  select: (boardId: number) => void;
}): number | null {
  const { userId, projectId, boards, selectedBoardId, select } = options;
  const [landedIn, setLandedIn] = useState<string | null>(null);
  const isLanding = landedIn !== projectId && userId !== null && boards !== undefined;
  const landing = isLanding && selectedBoardId === null ? boardToOpen(userId, projectId, boards) : null;
  useEffect(() => {
    if (!isLanding) return;
    setLandedIn(projectId);
    if (landing !== null) select(landing);
  }, [isLanding, landing, projectId, select]);
  useEffect(() => {
    if (userId !== null && selectedBoardId !== null) rememberLastBoard(userId, projectId, selectedBoardId);
  }, [userId, projectId, selectedBoardId]);
  return selectedBoardId ?? landing;
}

import type { Board } from '@teamboard/contract';
import { api } from '../../../lib/api-client';

/**
 * GET /api/projects/:id/boards, by position. Without TanStack Query, so the start-up code can ask
 * for a project's boards (its landing board) without loading the query hooks into every page.
 */
export async function getBoards(projectId: string): Promise<Board[]> {
  const body = await api.get<{ data: Board[] }>(`/projects/${encodeURIComponent(projectId)}/boards`);
  return body.data;
}

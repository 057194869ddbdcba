/** Room names: `board:<id>` (docs/spec.md §4 channel per board), `user:<id>` (every socket of a user). */
export const boardRoom = (boardId: number): string => `board:${boardId}`;
export const userRoom = (userId: number): string => `user:${userId}`;
export const projectRoom = (projectId: number): string => `project:${projectId}`;

/** The board a set of rooms names (a socket is in at most one board room). */
export function boardIdOf(rooms: Iterable<string>): number | null {
  for (const room of rooms) {
    if (room.startsWith('board:')) return Number(room.slice('board:'.length));
  }
  return null;
}

import { BenchClient, inBatches } from './client.js';

/** What the web app keeps in localStorage under `teamboard.session` (apps/web/src/lib/session.ts). */
export interface StoredSession {
  credentials: { token: string; client: string; uid: string; expiry: string };
  user: unknown;
}

export const SESSION_STORAGE_KEY = 'teamboard.session';

/** Signs in over HTTP and returns the session the way the web app stores it after its login form. */
export async function signedInSession(
  baseUrl: string,
  email: string,
  password: string,
): Promise<StoredSession> {
  const response = await fetch(`${baseUrl}/api/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign in failed: ${response.status}`);
  const header = (name: string) => response.headers.get(name) ?? '';
  const body = (await response.json()) as { data: unknown };
  return {
    credentials: {
      token: header('access-token'),
      client: header('client'),
      uid: header('uid'),
      expiry: header('expiry'),
    },
    user: body.data,
  };
}

export interface SeededBoard {
  projectId: number;
  boardId: number;
}

/**
 * A project with one board of `tasks` tasks dealt round-robin over `columns` columns, created
 * through the API as board.bench.ts does (16 requests in flight).
 */
export async function seedBoard(client: BenchClient, tasks: number, columns: number): Promise<SeededBoard> {
  const project = await client.call<{ data: { id: number } }>('POST', '/api/projects', {
    name: 'Bench project',
  });
  const board = await client.call<{ data: { id: number } }>(
    'POST',
    `/api/projects/${project.data.id}/boards`,
    {
      name: `Board of ${tasks} tasks`,
    },
  );
  const columnIds: number[] = [];
  for (let index = 0; index < columns; index++) {
    const column = await client.call<{ data: { id: number } }>(
      'POST',
      `/api/boards/${board.data.id}/columns`,
      {
        name: `Column ${index + 1}`,
      },
    );
    columnIds.push(column.data.id);
  }
  await inBatches(
    Array.from({ length: tasks }, (_, index) => index),
    16,
    async (index) => {
      await client.call('POST', `/api/columns/${columnIds[index % columns]}/tasks`, {
        title: `Task ${index + 1}: a realistic title of a few words`,
      });
    },
  );
  return { projectId: project.data.id, boardId: board.data.id };
}

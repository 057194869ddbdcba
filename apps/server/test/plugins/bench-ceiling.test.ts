import { afterEach, describe, expect, it } from 'vitest';
import { setUpBoardProject, type BoardProject } from '../helpers/boards.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { buildTestApp } from '../helpers/test-app.js';

describe.runIf(isDatabaseAvailable)('GET /api/bench/ceiling (benchmarks only)', () => {
  let p: BoardProject | undefined;
  afterEach(async () => p?.t.close());

  it('serves the same bytes as the real board route, from memory, when BENCH_CEILING=1', async () => {
    p = await setUpBoardProject(await buildTestApp({ env: { BENCH_CEILING: '1' } }));
    const real = await p.owner('GET', `/api/boards/${p.f.boardId}`);
    const first = await p.owner('GET', `/api/bench/ceiling?board=${p.f.boardId}`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe(real.body);
    // Later calls need no tokens and touch no database: the bytes are kept.
    await p.owner('PUT', `/api/boards/${p.f.boardId}`, { name: 'Changed' });
    const cached = await p.t.app.inject({ method: 'GET', url: `/api/bench/ceiling?board=${p.f.boardId}` });
    expect(cached.body).toBe(real.body);
  });

  it('does not exist otherwise', async () => {
    p = await setUpBoardProject(await buildTestApp());
    const response = await p.owner('GET', `/api/bench/ceiling?board=${p.f.boardId}`);
    expect(response.statusCode).toBe(404);
  });
});

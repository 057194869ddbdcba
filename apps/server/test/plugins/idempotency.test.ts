import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBoardProject, type BoardProject } from '../helpers/boards.js';
import { TEST_DIALECT } from '../helpers/database.js';
import { buildTestApp } from '../helpers/test-app.js';

describe(`creates with an Idempotency-Key (${TEST_DIALECT})`, () => {
  let p: BoardProject;
  beforeAll(async () => {
    p = await setUpBoardProject(await buildTestApp());
  });
  afterAll(async () => p?.t.close());

  const createTask = (key: string | undefined, title: string, headers = p.ownerHeaders) =>
    p.t.app.inject({
      method: 'POST',
      url: `/api/columns/${p.f.columnId}/tasks`,
      headers: { ...headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { title },
    });
  const countTitled = async (title: string) =>
    (await p.t.db.selectFrom('tasks').select('id').where('title', '=', title).execute()).length;

  it('answers a retry of the same submission with the first answer and creates nothing new', async () => {
    const first = await createTask('retry-key-0001', 'Retried once');
    const retry = await createTask('retry-key-0001', 'Retried once');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await countTitled('Retried once')).toBe(1);
  });

  it('creates once when ten retries of one submission arrive at the same moment', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => createTask('race-key-0001', 'Raced')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);
    expect(await countTitled('Raced')).toBe(1);
  });

  it('refuses a key reused for a different request with 409, changing nothing', async () => {
    await createTask('reused-key-0001', 'First use');
    const other = await createTask('reused-key-0001', 'Another title');
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('CONFLICT');
    expect(await countTitled('Another title')).toBe(0);
  });

  it('keeps no answer for a refused create: the corrected retry runs', async () => {
    const refused = await createTask('fix-key-00001', '');
    expect(refused.statusCode).toBe(422);
    const corrected = await createTask('fix-key-00001', 'Now with a title');
    expect(corrected.statusCode).toBe(201);
    expect(await countTitled('Now with a title')).toBe(1);
  });

  it('creates without a key as before', async () => {
    await createTask(undefined, 'No key');
    await createTask(undefined, 'No key');
    expect(await countTitled('No key')).toBe(2);
  });

  it('refuses a malformed key with 400', async () => {
    const response = await createTask('short', 'Bad key');
    expect(response.statusCode).toBe(400);
    expect(await countTitled('Bad key')).toBe(0);
  });
});

import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createUser, signIn, type TokenHeaders } from './factories.js';
import { multipartFile } from './multipart.js';
import { addMember, apiAs, defaultFolderId, type Api } from './projects.js';
import type { TestApp } from './test-app.js';

/** A small real PNG (sharp decodes it, so it gets a thumbnail). */
export async function pngBytes(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
}

export function upload(
  app: FastifyInstance,
  headers: TokenHeaders | null,
  taskId: number,
  name: string,
  data: Buffer,
  contentType = 'application/octet-stream',
) {
  const body = multipartFile('file', name, contentType, data);
  return app.inject({
    method: 'POST',
    url: `/api/tasks/${taskId}/attachments`,
    headers: { ...(headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}

export interface BoardFixture {
  boardId: number;
  columnId: number;
  otherColumnId: number;
  taskId: number;
  labelId: number;
  milestoneId: number;
  hourId: number;
  commentId: number;
  checklistId: number;
  attachmentId: number;
}

async function created(response: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const r = await response;
  if (r.statusCode !== 201 && r.statusCode !== 200) throw new Error(`fixture: ${r.statusCode} ${r.body}`);
  return (r.json() as { data: Record<string, number> }).data;
}

/**
 * A board with two columns and a task carrying one of everything, made through the API. The hour
 * and the comment are the member's (so an owner acts on someone else's entry).
 */
export async function createBoardFixture(
  app: FastifyInstance,
  projectId: number,
  owner: Api,
  member: Api,
  ownerHeaders: TokenHeaders,
): Promise<BoardFixture> {
  const label = await created(
    owner('POST', `/api/projects/${projectId}/labels`, { name: 'bug', color: '#FF0000' }),
  );
  const milestone = await created(
    owner('POST', `/api/projects/${projectId}/milestones`, {
      milestone_name: 'Sprint 1',
      start_date: '2026-11-01',
      deadline: '2026-11-15',
      sprint: true,
    }),
  );
  const board = await created(
    owner('POST', `/api/projects/${projectId}/boards`, { name: 'Board', labels: [label.id!] }),
  );
  const column = await created(owner('POST', `/api/boards/${board.id}/columns`, { name: 'To do' }));
  const otherColumn = await created(owner('POST', `/api/boards/${board.id}/columns`, { name: 'Done' }));
  const task = await created(owner('POST', `/api/columns/${column.id}/tasks`, { title: 'Write the report' }));
  const hour = await created(member('POST', `/api/tasks/${task.id}/hours`, { hours: 2, date: '2026-11-20' }));
  const comment = await created(member('POST', `/api/tasks/${task.id}/comments`, { text: 'On it' }));
  const item = await created(owner('POST', `/api/tasks/${task.id}/checklist`, { text: 'Outline' }));
  const attachment = await created(upload(app, ownerHeaders, task.id!, 'photo.png', await pngBytes()));
  return {
    boardId: board.id!,
    columnId: column.id!,
    otherColumnId: otherColumn.id!,
    taskId: task.id!,
    labelId: label.id!,
    milestoneId: milestone.milestone_id!,
    hourId: hour.id!,
    commentId: comment.id!,
    checklistId: item.id!,
    attachmentId: attachment.id!,
  };
}

/** An owner and a member on one project with a board fixture: the set-up board tests share. */
export interface BoardProject {
  t: TestApp;
  owner: Api;
  ownerHeaders: TokenHeaders;
  projectId: number;
  f: BoardFixture;
  memberId: number;
}

/** One owner alone with a board fixture (the upload suites): their token headers and the fixture. */
export async function setUpOwnBoard(t: TestApp): Promise<{ headers: TokenHeaders; f: BoardFixture }> {
  await createUser(t.db, { email: 'owner@uni.example' });
  const headers = await signIn(t.app, 'owner@uni.example');
  const owner = apiAs(t.app, headers);
  const projectId = (await owner('POST', '/api/projects', { name: 'P' })).json().data.id;
  return { headers, f: await createBoardFixture(t.app, projectId, owner, owner, headers) };
}

export async function setUpBoardProject(t: TestApp): Promise<BoardProject> {
  await createUser(t.db, { email: 'owner@uni.example', name: 'Olga Owner' });
  const member = await createUser(t.db, { email: 'member@uni.example', name: 'Mario Member' });
  const ownerHeaders = await signIn(t.app, 'owner@uni.example');
  const owner = apiAs(t.app, ownerHeaders);
  const memberApi = apiAs(t.app, await signIn(t.app, 'member@uni.example'));
  const projectId = (await owner('POST', '/api/projects', { name: 'P' })).json().data.id as number;
  await addMember(t.db, {
    projectId,
    userId: member.id,
    role: 'member',
    folderId: await defaultFolderId(memberApi),
  });
  const f = await createBoardFixture(t.app, projectId, owner, memberApi, ownerHeaders);
  return { t, owner, ownerHeaders, projectId, f, memberId: member.id };
}

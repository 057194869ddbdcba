import { createBoardFixture, type BoardFixture } from './boards.js';
import { createUser, signIn } from './factories.js';
import { addMember, apiAs, defaultFolderId, type Api } from './projects.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** A project with one board fixture, its owner and a member (Mario), in English and in Spanish. */
export interface TaskDetailsProject {
  t: TestApp;
  owner: Api;
  member: Api;
  memberEs: Api;
  projectId: number;
  f: BoardFixture;
}

/**
 * The project the tests of a task's details (hours, comments, checklist, labels, milestones) share:
 * each domain has its own file, and all start from this one.
 */
export async function setUpTaskDetails(): Promise<TaskDetailsProject> {
  const t = await buildTestApp();
  await createUser(t.db, { email: 'owner@uni.example' });
  const m = await createUser(t.db, { email: 'member@uni.example', name: 'Mario' });
  const ownerHeaders = await signIn(t.app, 'owner@uni.example');
  const owner = apiAs(t.app, ownerHeaders);
  const memberHeaders = await signIn(t.app, 'member@uni.example');
  const member = apiAs(t.app, memberHeaders);
  const memberEs = apiAs(t.app, memberHeaders, { 'accept-language': 'es' });
  const projectId = (await owner('POST', '/api/projects', { name: 'P' })).json().data.id;
  await addMember(t.db, {
    projectId,
    userId: m.id,
    role: 'member',
    folderId: await defaultFolderId(member),
  });
  const f = await createBoardFixture(t.app, projectId, owner, member, ownerHeaders);
  return { t, owner, member, memberEs, projectId, f };
}

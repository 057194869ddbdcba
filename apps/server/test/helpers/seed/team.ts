import { createUser, signIn } from '../factories.js';
import { addMember, apiAs, defaultFolderId, type Api } from '../projects.js';
import type { TestApp } from '../test-app.js';

/** Team A: Ana owns it, Beto and Carla are members (Carla is the one the report tests see leave). */
export interface TeamA {
  ids: { ana: number; beto: number; carla: number };
  /** Ana. */
  owner: Api;
  /** Beto. */
  member: Api;
  /** Carla. */
  leaver: Api;
  projectId: number;
}

/** The project the report tests share: three students, each signed in, two of them added as members. */
export async function seedTeamA(t: TestApp): Promise<TeamA> {
  const ids = {
    ana: (await createUser(t.db, { email: 'ana@uni.example', name: 'Ana' })).id,
    beto: (await createUser(t.db, { email: 'beto@uni.example', name: 'Beto' })).id,
    carla: (await createUser(t.db, { email: 'carla@uni.example', name: 'Carla' })).id,
  };
  const owner = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
  const member = apiAs(t.app, await signIn(t.app, 'beto@uni.example'));
  const leaver = apiAs(t.app, await signIn(t.app, 'carla@uni.example'));
  const projectId = (await owner('POST', '/api/projects', { name: 'Team A' })).json().data.id;
  for (const [api, id] of [
    [member, ids.beto],
    [leaver, ids.carla],
  ] as const) {
    await addMember(t.db, { projectId, userId: id, role: 'member', folderId: await defaultFolderId(api) });
  }
  return { ids, owner, member, leaver, projectId };
}

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessedResourceOf, projectAccessOf } from '../../src/access/access.js';
import { createUser, signIn, type TokenHeaders } from '../helpers/factories.js';
import { addMember, apiAs, defaultFolderId } from '../helpers/projects.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/** A throwaway resource kind, as a new domain would add it: widgets 7 and 8 belong to `projectId`. */
function registerWidgets(app: FastifyInstance, projectId: () => number, withPolicy = true): void {
  app.projectResources.register({
    kind: 'widget',
    path: '/api/widgets/:id',
    async locate(id) {
      return id === 7 || id === 8 ? { projectId: projectId(), row: { id, name: `widget ${id}` } } : undefined;
    },
  });
  app.get(
    '/api/widgets/:id',
    withPolicy ? { config: { permission: 'project.view' } } : {},
    async (request) => ({
      project_id: projectAccessOf(request).project.id,
      widget: accessedResourceOf<{ name: string }>(request).name,
    }),
  );
  app.put('/api/widgets/:id/name', { config: { permission: 'work.edit' } }, async () => ({ ok: true }));
}

describe('a resource kind registered by a feature (access/resources.ts)', () => {
  let t: TestApp;
  let projectId = 0;
  let owner: TokenHeaders;
  let viewer: TokenHeaders;
  let stranger: TokenHeaders;

  beforeAll(async () => {
    t = await buildTestApp({ beforeReady: (app) => registerWidgets(app, () => projectId) });
    const [ownerRow, viewerRow, strangerRow] = await Promise.all([
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
    ]);
    owner = await signIn(t.app, ownerRow!.email);
    viewer = await signIn(t.app, viewerRow!.email);
    stranger = await signIn(t.app, strangerRow!.email);
    const created = await apiAs(t.app, owner)('POST', '/api/projects', { name: 'Widgets' });
    projectId = created.json().data.id;
    await addMember(t.db, {
      projectId,
      userId: viewerRow!.id,
      role: 'viewer',
      folderId: await defaultFolderId(apiAs(t.app, viewer)),
    });
  });
  afterAll(async () => t?.close());

  it('checks the policy on the project the resource belongs to and hands the row to the handler', async () => {
    const response = await apiAs(t.app, owner)('GET', '/api/widgets/7');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ project_id: projectId, widget: 'widget 7' });
  });

  it('answers 404 for a missing resource and for one of a project the caller may not see', async () => {
    expect((await apiAs(t.app, owner)('GET', '/api/widgets/9')).statusCode).toBe(404);
    expect((await apiAs(t.app, stranger)('GET', '/api/widgets/7')).statusCode).toBe(404);
  });

  it('answers 403 to a member whose role lacks the permission, 401 signed out', async () => {
    expect((await apiAs(t.app, viewer)('GET', '/api/widgets/8')).statusCode).toBe(200);
    expect((await apiAs(t.app, viewer)('PUT', '/api/widgets/8/name')).statusCode).toBe(403);
    expect((await apiAs(t.app, null)('GET', '/api/widgets/8')).statusCode).toBe(401);
  });

  it('makes the server refuse to start when a route under the resource path declares no policy', async () => {
    await expect(
      buildTestApp({ beforeReady: (app) => registerWidgets(app, () => 1, false) }),
    ).rejects.toThrow(/GET \/api\/widgets\/:id/);
  });

  it('makes the server refuse to start when a route under the resource path declares an account policy', async () => {
    await expect(
      buildTestApp({
        beforeReady: (app) => {
          registerWidgets(app, () => 1);
          app.delete('/api/widgets/:id', { config: { permission: 'signed_in' } }, async () => ({}));
        },
      }),
    ).rejects.toThrow(/DELETE \/api\/widgets\/:id/);
  });

  it('refuses a kind registered twice', () => {
    const register = () =>
      t.app.projectResources.register({
        kind: 'task',
        path: '/api/tasks/:id',
        locate: async () => undefined,
      });
    expect(register).toThrow(/registered twice/);
  });
});

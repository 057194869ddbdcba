import { DEFAULT_FOLDER_NAME } from '@teamboard/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn } from '../../helpers/factories.js';
import { addMember, apiAs, counts, defaultFolderId, snapshot, type Api } from '../../helpers/projects.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

/**
 * Every bad input answers a clear localized error and changes nothing: each case compares every
 * row of the project tables before and after.
 */
describe.skipIf(!isDatabaseAvailable)('bad input on folders, projects, members and invitations', () => {
  let t: TestApp;
  let ana: Api;
  let anaEs: Api;
  let ben: Api;
  let anaId: number;
  let benId: number;
  let projectId: number;
  let anaFolder: number;
  let benFolder: number;
  let benProject: number;

  beforeEach(async () => {
    t = await buildTestApp();
    anaId = (await createUser(t.db, { email: 'ana@uni.example', name: 'Ana' })).id;
    benId = (await createUser(t.db, { email: 'ben@uni.example', name: 'Ben' })).id;
    const anaHeaders = await signIn(t.app, 'ana@uni.example');
    ana = apiAs(t.app, anaHeaders);
    anaEs = apiAs(t.app, anaHeaders, { 'accept-language': 'es' });
    ben = apiAs(t.app, await signIn(t.app, 'ben@uni.example'));
    anaFolder = (await ana('POST', '/api/folders', { name: 'Team' })).json().data.id;
    projectId = (await ana('POST', '/api/projects', { name: 'Board', folder_id: anaFolder })).json().data.id;
    benFolder = await defaultFolderId(ben);
    benProject = (await ben('POST', '/api/projects', { name: 'Ben’s', is_private: true })).json().data.id;
  });
  afterEach(() => t.close());

  async function expectRefused(
    call: () => Promise<LightMyRequestResponse>,
    status: number,
    code: string,
    message?: string,
  ): Promise<void> {
    const before = await snapshot(t.db);
    const response = await call();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().code).toBe(code);
    expect(response.json().errors).toEqual([message ?? expect.any(String)]);
    expect(await snapshot(t.db)).toEqual(before);
  }

  describe('folders', () => {
    it.each([
      ['an empty name', { name: '   ' }, 'NAME_REQUIRED', 'The name cannot be empty.'],
      ['an over-long name', { name: 'x'.repeat(101) }, 'TEXT_TOO_LONG', 'The text is too long.'],
      [
        'the reserved name',
        { name: DEFAULT_FOLDER_NAME },
        'NAME_RESERVED',
        'That name is reserved. Please choose another one.',
      ],
      ['a server-managed field', { name: 'ok', is_default: true }, 'VALIDATION_FAILED', undefined],
      ['an id', { name: 'ok', id: 99 }, 'VALIDATION_FAILED', undefined],
    ])('refuses to create a folder with %s', async (_case, payload, code, message) => {
      await expectRefused(() => ana('POST', '/api/folders', payload), 422, code, message);
    });

    it('refuses an empty rename', async () => {
      await expectRefused(() => ana('PUT', `/api/folders/${anaFolder}`, { name: '' }), 422, 'NAME_REQUIRED');
    });

    it.each([
      ['an unknown id', '999999'],
      ['a non-numeric id', 'abc'],
      ['a zero id', '0'],
      ['a fractional id', '1.5'],
    ])('answers 404 for %s', async (_case, id) => {
      await expectRefused(
        () => ana('PUT', `/api/folders/${id}`, { name: 'x' }),
        404,
        'NOT_FOUND',
        'Not Found',
      );
      await expectRefused(() => ana('DELETE', `/api/folders/${id}`), 404, 'NOT_FOUND');
    });

    it("answers 404 for another user's folder", async () => {
      await expectRefused(
        () => ana('PUT', `/api/folders/${benFolder}`, { is_archived: true }),
        404,
        'NOT_FOUND',
      );
      await expectRefused(() => ana('DELETE', `/api/folders/${benFolder}`), 404, 'NOT_FOUND');
    });

    it('refuses to delete a folder with projects inside (SPEC message, en and es)', async () => {
      await expectRefused(
        () => ana('DELETE', `/api/folders/${anaFolder}`),
        409,
        'FOLDER_NOT_EMPTY',
        'cannot remove a folder with projects inside',
      );
      await expectRefused(
        () => anaEs('DELETE', `/api/folders/${anaFolder}`),
        409,
        'FOLDER_NOT_EMPTY',
        'no se puede eliminar una carpeta que contiene proyectos',
      );
    });

    it('refuses to archive, rename or delete the default folder', async () => {
      const defaultId = await defaultFolderId(ana);
      await expectRefused(
        () => ana('PUT', `/api/folders/${defaultId}`, { is_archived: true }),
        409,
        'DEFAULT_FOLDER_LOCKED',
        'Your default folder cannot be renamed, archived or deleted.',
      );
      await expectRefused(
        () => anaEs('PUT', `/api/folders/${defaultId}`, { name: 'Otra' }),
        409,
        'DEFAULT_FOLDER_LOCKED',
        'Tu carpeta predeterminada no se puede archivar ni eliminar, y su nombre no se puede cambiar.',
      );
      await expectRefused(() => ana('DELETE', `/api/folders/${defaultId}`), 409, 'DEFAULT_FOLDER_LOCKED');
    });
  });

  describe('projects', () => {
    it.each([
      ['an empty name', { name: '' }, 422, 'NAME_REQUIRED'],
      ['an over-long name', { name: 'x'.repeat(101) }, 422, 'TEXT_TOO_LONG'],
      ['an over-long description', { name: 'ok', description: 'x'.repeat(2001) }, 422, 'TEXT_TOO_LONG'],
      ['a role', { name: 'ok', role: 'owner' }, 422, 'VALIDATION_FAILED'],
      ['an owner', { name: 'ok', owner: 2 }, 422, 'VALIDATION_FAILED'],
      ['has_github', { name: 'ok', has_github: true }, 422, 'VALIDATION_FAILED'],
      ['created_at', { name: 'ok', created_at: '2020-01-01T00:00:00.000Z' }, 422, 'VALIDATION_FAILED'],
      ['a non-numeric folder', { name: 'ok', folder_id: 'x' }, 422, 'VALIDATION_FAILED'],
    ])('refuses to create a project with %s', async (_case, payload, status, code) => {
      await expectRefused(() => ana('POST', '/api/projects', payload), status, code);
    });

    it("refuses to file a new project in another user's folder", async () => {
      await expectRefused(
        () => ana('POST', '/api/projects', { name: 'ok', folder_id: benFolder }),
        404,
        'NOT_FOUND',
      );
    });

    it.each([
      ['an empty name', { name: ' ' }, 'NAME_REQUIRED'],
      ['an id', { id: 5 }, 'VALIDATION_FAILED'],
      ['a role', { role: 'viewer' }, 'VALIDATION_FAILED'],
    ])('refuses to edit a project with %s', async (_case, payload, code) => {
      await expectRefused(() => ana('PUT', `/api/projects/${projectId}`, payload), 422, code);
    });

    it.each([['999999'], ['abc'], ['-1'], ['1e3']])(
      'answers 404 NOT_FOUND for the project id %s',
      async (id) => {
        await expectRefused(() => ana('GET', `/api/projects/${id}`), 404, 'NOT_FOUND');
        await expectRefused(() => ana('PUT', `/api/projects/${id}`, { name: 'x' }), 404, 'NOT_FOUND');
        await expectRefused(() => ana('DELETE', `/api/projects/${id}`), 404, 'NOT_FOUND');
      },
    );

    it("answers 404 for another user's private project, whatever the call", async () => {
      await expectRefused(() => ana('GET', `/api/projects/${benProject}`), 404, 'NOT_FOUND');
      await expectRefused(() => ana('PUT', `/api/projects/${benProject}`, { name: '' }), 404, 'NOT_FOUND');
      await expectRefused(() => ana('DELETE', `/api/projects/${benProject}`), 404, 'NOT_FOUND');
      await expectRefused(
        () => ana('PUT', `/api/projects/${benProject}/placement`, { is_favorite: true }),
        404,
        'NOT_FOUND',
      );
    });

    it("refuses a placement into another user's folder, and unknown fields", async () => {
      await expectRefused(
        () => ana('PUT', `/api/projects/${projectId}/placement`, { folder_id: benFolder }),
        404,
        'NOT_FOUND',
      );
      await expectRefused(
        () => ana('PUT', `/api/projects/${projectId}/placement`, { role: 'owner' }),
        422,
        'VALIDATION_FAILED',
      );
    });

    it('refuses a project over max_projects (en and es), counting owned projects only', async () => {
      // Ana owns 1 project; Ben's project makes her a member, not an owner, so it does not count.
      await addMember(t.db, { projectId: benProject, userId: anaId, role: 'member', folderId: anaFolder });
      for (let i = 0; i < 4; i++)
        expect((await ana('POST', '/api/projects', { name: `P${i}` })).statusCode).toBe(201);
      await expectRefused(
        () => ana('POST', '/api/projects', { name: 'Sixth' }),
        403,
        'MAX_PROJECTS_REACHED',
        'You have reached your limit of 5 projects. Ask your teaching staff to raise it.',
      );
      await expectRefused(
        () => anaEs('POST', '/api/projects', { name: 'Sixth' }),
        403,
        'MAX_PROJECTS_REACHED',
        'Has alcanzado tu límite de 5 proyectos. Pide a tu equipo docente que lo amplíe.',
      );
    });

    it('lets an unlimited (null) account create past the default limit', async () => {
      await t.db.updateTable('users').set({ max_projects: null }).where('id', '=', anaId).execute();
      for (let i = 0; i < 6; i++)
        expect((await ana('POST', '/api/projects', { name: `P${i}` })).statusCode).toBe(201);
    });
  });

  describe('members', () => {
    it('refuses to remove, demote or let quit the last owner', async () => {
      const lastOwner = 'A project needs at least one owner. Make someone else an owner first.';
      await expectRefused(
        () => ana('DELETE', `/api/projects/${projectId}/members/${anaId}`),
        409,
        'LAST_OWNER',
        lastOwner,
      );
      await expectRefused(
        () => ana('PUT', `/api/projects/${projectId}/members/${anaId}`, { role: 'member' }),
        409,
        'LAST_OWNER',
        lastOwner,
      );
      await expectRefused(
        () => ana('DELETE', `/api/projects/${projectId}/membership`),
        409,
        'LAST_OWNER',
        lastOwner,
      );
      await expectRefused(
        () => anaEs('DELETE', `/api/projects/${projectId}/membership`),
        409,
        'LAST_OWNER',
        'Un proyecto necesita al menos un propietario. Haz propietario a otra persona primero.',
      );
    });

    it('lets an owner step down once another owner exists', async () => {
      await addMember(t.db, { projectId, userId: benId, role: 'owner', folderId: benFolder });
      const response = await ana('PUT', `/api/projects/${projectId}/members/${anaId}`, { role: 'viewer' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.role).toBe('viewer');
    });

    it.each([['999999'], ['abc']])('answers 404 for the member id %s', async (userId) => {
      await expectRefused(
        () => ana('PUT', `/api/projects/${projectId}/members/${userId}`, { role: 'viewer' }),
        404,
        'NOT_FOUND',
      );
      await expectRefused(
        () => ana('DELETE', `/api/projects/${projectId}/members/${userId}`),
        404,
        'NOT_FOUND',
      );
    });

    it('answers 404 for a user who is not a member, and refuses an unknown role', async () => {
      await expectRefused(
        () => ana('DELETE', `/api/projects/${projectId}/members/${benId}`),
        404,
        'NOT_FOUND',
      );
      await expectRefused(
        () => ana('PUT', `/api/projects/${projectId}/members/${anaId}`, { role: 'admin' }),
        422,
        'ROLE_NOT_VALID',
        'The role is not valid.',
      );
    });
  });

  describe('invitations', () => {
    const invite = (email: string, role = 'member') =>
      ana('POST', `/api/projects/${projectId}/invitations`, { email, role });

    it.each([
      ['a malformed email', { email: 'not-an-email', role: 'member' }, 'EMAIL_NOT_VALID', 'email not valid'],
      ['an empty email', { email: '', role: 'member' }, 'EMAIL_NOT_VALID', 'email not valid'],
      [
        'an unknown role',
        { email: 'x@uni.example', role: 'boss' },
        'ROLE_NOT_VALID',
        'The role is not valid.',
      ],
      ['a sender', { email: 'x@uni.example', role: 'member', sender_id: 2 }, 'VALIDATION_FAILED', undefined],
    ])('refuses an invitation with %s', async (_case, payload, code, message) => {
      await expectRefused(
        () => ana('POST', `/api/projects/${projectId}/invitations`, payload),
        422,
        code,
        message,
      );
      expect(t.mail.messages.filter((m) => m.subject.includes('invited'))).toEqual([]);
    });

    it('refuses to invite a current member', async () => {
      await addMember(t.db, { projectId, userId: benId, role: 'viewer', folderId: benFolder });
      await expectRefused(
        () => invite('BEN@uni.example'),
        409,
        'ALREADY_MEMBER',
        'That person is already a member of this project.',
      );
      await expectRefused(() => invite('ana@uni.example', 'owner'), 409, 'ALREADY_MEMBER');
    });

    it('answers 404 INVITATION_NOT_FOUND when accepting twice', async () => {
      const id = (await invite('ben@uni.example')).json().data.id;
      const first = await ben('POST', `/api/project_invitations/${id}/accept_invitation`, {
        folder_id: benFolder,
      });
      expect(first.statusCode).toBe(200);
      await expectRefused(
        () => ben('POST', `/api/project_invitations/${id}/accept_invitation`, { folder_id: benFolder }),
        404,
        'INVITATION_NOT_FOUND',
        'This invitation no longer exists.',
      );
      await expectRefused(
        () => ben('POST', `/api/project_invitations/${id}/reject_invitation`),
        404,
        'INVITATION_NOT_FOUND',
      );
    });

    it("answers 404 INVITATION_NOT_FOUND for someone else's invitation", async () => {
      const id = (await invite('carla@uni.example')).json().data.id;
      await expectRefused(
        () => ben('POST', `/api/project_invitations/${id}/accept_invitation`, { folder_id: benFolder }),
        404,
        'INVITATION_NOT_FOUND',
      );
      await expectRefused(
        () => ben('POST', `/api/project_invitations/${id}/reject_invitation/`),
        404,
        'INVITATION_NOT_FOUND',
      );
      // Not even the sender may accept it for the invitee.
      await expectRefused(
        () => ana('POST', `/api/project_invitations/${id}/accept_invitation`, { folder_id: anaFolder }),
        404,
        'INVITATION_NOT_FOUND',
      );
    });

    it("refuses to accept into another user's folder, an archived folder or an unknown one", async () => {
      const id = (await invite('ben@uni.example')).json().data.id;
      const archived = (await ben('POST', '/api/folders', { name: 'Old' })).json().data.id;
      await ben('PUT', `/api/folders/${archived}`, { is_archived: true });
      for (const folderId of [anaFolder, archived, 999999]) {
        await expectRefused(
          () => ben('POST', `/api/project_invitations/${id}/accept_invitation`, { folder_id: folderId }),
          404,
          'NOT_FOUND',
        );
      }
      await expectRefused(
        () => ben('POST', `/api/project_invitations/${id}/accept_invitation`, {}),
        422,
        'VALIDATION_FAILED',
      );
    });

    it('refuses to accept as owner past max_projects (accepting as member is fine)', async () => {
      await t.db.updateTable('users').set({ max_projects: 1 }).where('id', '=', benId).execute();
      const id = (await invite('ben@uni.example', 'owner')).json().data.id;
      await expectRefused(
        () => ben('POST', `/api/project_invitations/${id}/accept_invitation`, { folder_id: benFolder }),
        403,
        'MAX_PROJECTS_REACHED',
        'You have reached your limit of 1 projects. Ask your teaching staff to raise it.',
      );
      await ana('PUT', `/api/project_invitations/${id}`, { role: 'member' });
      const accepted = await ben('POST', `/api/project_invitations/${id}/accept_invitation`, {
        folder_id: benFolder,
      });
      expect(accepted.statusCode).toBe(200);
    });

    it.each([['999999'], ['abc']])('answers 404 for the invitation id %s', async (id) => {
      const code = id === 'abc' ? 'NOT_FOUND' : 'INVITATION_NOT_FOUND';
      await expectRefused(() => ana('PUT', `/api/project_invitations/${id}`, { role: 'viewer' }), 404, code);
      await expectRefused(() => ana('DELETE', `/api/project_invitations/${id}/`), 404, code);
      await expectRefused(
        () => ben('POST', `/api/project_invitations/${id}/accept_invitation`, { folder_id: benFolder }),
        404,
        code,
      );
    });

    it('refuses an invitation edit with a bad role or extra fields', async () => {
      const id = (await invite('ben@uni.example')).json().data.id;
      await expectRefused(
        () => ana('PUT', `/api/project_invitations/${id}`, { role: 'god' }),
        422,
        'ROLE_NOT_VALID',
      );
      await expectRefused(
        () => ana('PUT', `/api/project_invitations/${id}`, { role: 'viewer', email: 'x@uni.example' }),
        422,
        'VALIDATION_FAILED',
      );
      expect((await counts(t.db)).project_invitations).toBe(1);
    });
  });
});

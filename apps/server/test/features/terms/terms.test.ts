import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TERMS_GATE_ALLOWED } from '../../../src/features/terms/terms.gate.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, PASSWORD, signIn, type TokenHeaders } from '../../helpers/factories.js';
import { apiAs, setAccount, snapshot, type Api } from '../../helpers/projects.js';
import { connectSocket, listenOnLoopback } from '../../helpers/sockets.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const DRAFT = {
  body_en: '# Terms v2\n\nBe kind. <script>alert(1)</script> [x](javascript:alert(1))',
  body_es: '# Términos v2\n\nSé amable.',
};

describe.skipIf(!isDatabaseAvailable)('terms and conditions (docs/api-terms.md)', () => {
  let t: TestApp;
  let admin: Api;
  let adminId: number;
  let anaHeaders: TokenHeaders;
  let ana: Api;
  let anaEs: Api;
  let anaId: number;

  beforeEach(async () => {
    t = await buildTestApp();
    adminId = (await createUser(t.db, { email: 'admin@uni.example', name: 'Adela' })).id;
    await setAccount(t.db, adminId, { account_type: 'admin' });
    admin = apiAs(t.app, await signIn(t.app, 'admin@uni.example'));
    anaId = (await createUser(t.db, { email: 'ana@uni.example', name: 'Ana' })).id;
    anaHeaders = await signIn(t.app, 'ana@uni.example');
    ana = apiAs(t.app, anaHeaders);
    anaEs = apiAs(t.app, anaHeaders, { 'accept-language': 'es' });
  });
  afterEach(async () => t.close());

  async function publishVersion2() {
    expect((await admin('PUT', '/api/terms/draft', DRAFT)).statusCode).toBe(200);
    const published = await admin('POST', '/api/terms/draft/publish');
    expect(published.statusCode, published.body).toBe(201);
    return published.json().data as { version: number };
  }

  it('seeds version 1 with the sign-up text, readable by anyone, and every account has accepted it', async () => {
    const current = await t.app.inject({ method: 'GET', url: '/api/terms/current' });
    expect(current.statusCode).toBe(200);
    expect(current.json().data).toMatchObject({ version: 1, published_by: null });
    expect(current.json().data.body_en).toMatch(/^TeamBoard is a learning tool/);
    expect(current.json().data.body_es).toMatch(/^TeamBoard es una herramienta/);
    const standing = await ana('GET', '/api/terms/acceptance');
    expect(standing.json().data).toMatchObject({ current_version: 1, accepted_version: 1, required: false });
    expect((await ana('GET', '/api/projects')).statusCode).toBe(200);
  });

  it('lets an admin save, replace and publish a draft; the history lists every version', async () => {
    const missing = await admin('POST', '/api/terms/draft/publish');
    expect(missing.statusCode).toBe(409);
    expect(missing.json().code).toBe('TERMS_DRAFT_MISSING');
    const empty = await admin('PUT', '/api/terms/draft', { body_en: ' ', body_es: 'Algo' });
    expect(empty.statusCode).toBe(422);
    const saved = await admin('PUT', '/api/terms/draft', { body_en: 'First try', body_es: 'Primer intento' });
    expect(saved.json().data).toMatchObject({
      body_en: 'First try',
      updated_by: { id: adminId, name: 'Adela' },
    });
    await admin('PUT', '/api/terms/draft', DRAFT);
    const history = await admin('GET', '/api/terms/versions');
    expect(history.json().draft).toMatchObject(DRAFT);
    expect(history.json().data.map((v: { version: number }) => v.version)).toEqual([1]);

    const published = await publishVersion2();
    expect(published).toMatchObject({ version: 2, ...DRAFT, published_by: { id: adminId, name: 'Adela' } });
    const after = await admin('GET', '/api/terms/versions');
    expect(after.json().draft).toBeNull();
    expect(after.json().data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    // Stored as written: the web app renders it safely (components/markdown.tsx).
    expect((await t.app.inject({ method: 'GET', url: '/api/terms/current' })).json().data.body_en).toBe(
      DRAFT.body_en,
    );
    // The publisher wrote it: they are not asked to accept it.
    expect((await admin('GET', '/api/terms/acceptance')).json().data).toMatchObject({
      current_version: 2,
      accepted_version: 2,
      required: false,
    });
    expect((await admin('GET', '/api/terms/versions')).statusCode).toBe(200);
  });

  it('lets only admins write or read the history; a refused call changes nothing', async () => {
    const teacherId = (await createUser(t.db, { email: 'teacher@uni.example' })).id;
    await setAccount(t.db, teacherId, { account_type: 'teacher' });
    const teacher = apiAs(t.app, await signIn(t.app, 'teacher@uni.example'));
    await admin('PUT', '/api/terms/draft', DRAFT);
    const before = await snapshot(t.db);
    for (const caller of [ana, teacher]) {
      expect((await caller('GET', '/api/terms/versions')).statusCode).toBe(403);
      expect((await caller('PUT', '/api/terms/draft', DRAFT)).statusCode).toBe(403);
      expect((await caller('DELETE', '/api/terms/draft')).statusCode).toBe(403);
      expect((await caller('POST', '/api/terms/draft/publish')).statusCode).toBe(403);
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect((await t.app.inject({ method: 'POST', url: '/api/terms/draft/publish' })).statusCode).toBe(401);
  });

  it('refuses everything but the allow-list, on a live session and at the next sign-in, until accepted', async () => {
    await publishVersion2();
    // The live session: refused at once, localized.
    const refused = await anaEs('GET', '/api/projects');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'TERMS_ACCEPTANCE_REQUIRED',
      errors: ['Los términos y condiciones cambiaron: acepta la nueva versión para continuar.'],
    });
    // The next sign-in works, and the new session is refused just the same.
    const again = apiAs(t.app, await signIn(t.app, 'ana@uni.example'));
    expect((await again('GET', '/api/folders')).json().code).toBe('TERMS_ACCEPTANCE_REQUIRED');
    expect((await again('GET', '/api/auth/validate_token')).statusCode).toBe(200);
    expect((await again('GET', '/api/terms/acceptance')).json().data).toMatchObject({
      current_version: 2,
      accepted_version: 1,
      required: true,
    });

    // Every other authenticated route of the app: 403 before validation or lookup.
    const gated = t.app.routePolicies.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        route.permission !== undefined &&
        route.permission !== 'public' &&
        route.permission !== 'signed_link' &&
        !TERMS_GATE_ALLOWED.has(`${route.method} ${route.url}`),
    );
    expect(gated.length).toBeGreaterThan(50);
    for (const route of gated) {
      const url = route.url.replace(/:[a-z_]+/g, '1');
      const response = await t.app.inject({ method: route.method as 'GET', url, headers: anaHeaders });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      if (route.method === 'HEAD') continue;
      // Routes for staff or admins refuse a user by account type first.
      const code =
        route.permission === 'admin' || route.permission === 'staff'
          ? 'FORBIDDEN'
          : 'TERMS_ACCEPTANCE_REQUIRED';
      expect(response.json().code, `${route.method} ${route.url}`).toBe(code);
    }

    // Accepting an older version than the one in force is refused; the current one opens the app.
    const stale = await ana('POST', '/api/terms/acceptance', { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('TERMS_VERSION_OUTDATED');
    t.clock.advance(60_000);
    const accepted = await ana('POST', '/api/terms/acceptance', { version: 2 });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({
      current_version: 2,
      accepted_version: 2,
      accepted_at: '2026-11-22T10:01:00.000Z',
      required: false,
    });
    const row = await t.db
      .selectFrom('users')
      .select(['terms_version', 'terms_accepted_at'])
      .where('id', '=', anaId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ terms_version: 2, terms_accepted_at: '2026-11-22T10:01:00.000Z' });
    expect((await ana('GET', '/api/projects')).statusCode).toBe(200);
    expect((await again('GET', '/api/folders')).statusCode).toBe(200);
    // Signing out stays possible while refused (checked above through the allow-list) and after.
    expect((await ana('DELETE', '/api/auth/sign_out')).statusCode).toBe(204);
  });

  it('opens no socket (no live updates) until the current terms are accepted', async () => {
    const baseUrl = await listenOnLoopback(t.app);
    const before = await connectSocket(baseUrl, anaHeaders);
    before.socket.close();
    const { version } = await publishVersion2();
    await expect(connectSocket(baseUrl, anaHeaders)).rejects.toThrow('UNAUTHORIZED');
    expect((await ana('POST', '/api/terms/acceptance', { version })).statusCode).toBe(200);
    const after = await connectSocket(baseUrl, anaHeaders);
    after.socket.close();
  });

  it('lets a refused person sign out', async () => {
    await publishVersion2();
    expect((await ana('DELETE', '/api/auth/sign_out')).statusCode).toBe(204);
  });

  it('records the version sign-up showed, so an older one is asked again at the first sign-in', async () => {
    await publishVersion2();
    const signUp = (email: string, extra: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: {
          name: 'New',
          email,
          password: PASSWORD,
          password_confirmation: PASSWORD,
          terms_accepted: true,
          ...extra,
        },
      });
    expect((await signUp('current@uni.example', {})).statusCode).toBe(201);
    expect((await signUp('shown@uni.example', { terms_version: 2 })).statusCode).toBe(201);
    expect((await signUp('older@uni.example', { terms_version: 1 })).statusCode).toBe(201);
    expect((await signUp('future@uni.example', { terms_version: 9 })).statusCode).toBe(201);
    const rows = await t.db
      .selectFrom('users')
      .select(['email', 'terms_version'])
      .where('email', 'in', [
        'current@uni.example',
        'shown@uni.example',
        'older@uni.example',
        'future@uni.example',
      ])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: 'current@uni.example', terms_version: 2 },
      { email: 'future@uni.example', terms_version: 2 },
      { email: 'older@uni.example', terms_version: 1 },
      { email: 'shown@uni.example', terms_version: 2 },
    ]);
    expect((await signUp('bad@uni.example', { terms_version: 'two' })).statusCode).toBe(422);
  });

  it('answers the same gate to any session, however it was made', async () => {
    await publishVersion2();
    // An account made outside sign-up (the create-admin command, another sign-in method): it has
    // accepted version 1 unless it recorded more, and is asked for version 2.
    const other = await createUser(t.db, { email: 'other@uni.example' });
    const headers = await signIn(t.app, 'other@uni.example');
    expect((await apiAs(t.app, headers)('GET', '/api/projects')).statusCode).toBe(403);
    await t.db.updateTable('users').set({ terms_version: 2 }).where('id', '=', other.id).execute();
    expect((await apiAs(t.app, headers)('GET', '/api/projects')).statusCode).toBe(200);
  });

  it('refuses a bad acceptance body and a second publish of the same draft', async () => {
    expect((await ana('POST', '/api/terms/acceptance', { version: 'x' })).statusCode).toBe(422);
    expect((await ana('POST', '/api/terms/acceptance', { version: 1, extra: true })).statusCode).toBe(422);
    expect((await ana('POST', '/api/terms/acceptance', { version: 3_000_000_000 })).statusCode).toBe(422);
    await admin('PUT', '/api/terms/draft', DRAFT);
    const [first, second] = await Promise.all([
      admin('POST', '/api/terms/draft/publish'),
      admin('POST', '/api/terms/draft/publish'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const versions = await t.db.selectFrom('terms_versions').select('version').orderBy('id').execute();
    expect(versions).toEqual([{ version: 1 }, { version: 2 }]);
  });
});

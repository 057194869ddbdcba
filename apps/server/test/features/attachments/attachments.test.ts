import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../../src/lib/clock.js';
import { createBoardFixture, pngBytes, upload, type BoardFixture } from '../../helpers/boards.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn, type TokenHeaders } from '../../helpers/factories.js';
import { pngDeclaring } from '../../helpers/images.js';
import { addMember, apiAs, defaultFolderId, snapshot, type Api } from '../../helpers/projects.js';
import { minimalDocx } from '../../helpers/upload-corpus.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';

const MAX = 64 * 1024;
/** 128 KB: two 50 KB files fit, a third does not. */
const QUOTA_MB = '0.125';

describe.skipIf(!isDatabaseAvailable)('attachments', () => {
  let t: TestApp;
  let headers: TokenHeaders;
  let owner: Api;
  let projectId: number;
  let f: BoardFixture;
  const files = () => {
    const dir = path.join(t.dataDir, 'files', 'attachments');
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };

  beforeEach(async () => {
    t = await buildTestApp({ env: { ATTACHMENT_MAX_BYTES: String(MAX), UPLOAD_QUOTA_MB: QUOTA_MB } });
    await createUser(t.db, { email: 'owner@uni.example' });
    headers = await signIn(t.app, 'owner@uni.example');
    owner = apiAs(t.app, headers);
    projectId = (await owner('POST', '/api/projects', { name: 'P' })).json().data.id;
    f = await createBoardFixture(t.app, projectId, owner, owner, headers);
  });
  afterEach(() => t?.close());

  it('stores a PNG with a 256px WebP thumbnail, served through signed links with safe headers', async () => {
    const response = await upload(
      t.app,
      headers,
      f.taskId,
      'résumé (final).png',
      await pngBytes(600, 400),
      'text/html',
    );
    expect(response.statusCode).toBe(201);
    const attachment = response.json().data;
    expect(attachment).toMatchObject({
      name: 'résumé (final).png',
      content_type: 'image/png',
      task_id: f.taskId,
    });
    const download = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="r_sum_ (final).png"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%28final%29.png`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toMatch(/^default-src 'none'; sandbox(;|$)/);
    const thumb = await t.app.inject({ method: 'GET', url: attachment.thumbnail_url });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['content-disposition']).toMatch(/^inline/);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256 });
    const list = await owner('GET', `/api/tasks/${f.taskId}/attachments`);
    expect(list.json().data).toHaveLength(2);
  });

  it('detects office documents, PDFs and text by content; sanitizes names', async () => {
    // A real (minimal) .docx: ZIP magic followed by zeros is no longer taken for one.
    const zip = minimalDocx();
    const cases: [string, Buffer, string, string][] = [
      [
        'report.docx',
        zip,
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'report.docx',
      ],
      ['../../etc/passwd.pdf', Buffer.from('%PDF-1.7\n...'), 'application/pdf', 'passwd.pdf'],
      ['..\\..\\notes\u0007.md', Buffer.from('# Título\n'), 'text/markdown; charset=utf-8', 'notes.md'],
      ['data.csv', Buffer.from('a,b\n1,2\n'), 'text/csv; charset=utf-8', 'data.csv'],
      [`${'x'.repeat(300)}.txt`, Buffer.from('hello'), 'text/plain; charset=utf-8', `${'x'.repeat(196)}.txt`],
    ];
    for (const [name, data, type, stored] of cases) {
      const response = await upload(t.app, headers, f.taskId, name, data);
      expect(response.statusCode, name).toBe(201);
      expect(response.json().data).toMatchObject({ content_type: type, name: stored, thumbnail_url: null });
    }
  });

  it('refuses forbidden types (415) and oversized files (413), localized, with nothing stored', async () => {
    const before = await snapshot(t.db);
    const stored = files();
    const es = { ...headers, 'accept-language': 'es' } as TokenHeaders;
    const refused: [string, Buffer, number, string][] = [
      [
        'cat.png',
        Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
        415,
        'FILE_TYPE_NOT_ALLOWED',
      ],
      [
        'logo.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        415,
        'FILE_TYPE_NOT_ALLOWED',
      ],
      ['logo.txt', Buffer.from('<?xml version="1.0"?><svg></svg>'), 415, 'FILE_TYPE_NOT_ALLOWED'],
      ['page.html', Buffer.from('hello'), 415, 'FILE_TYPE_NOT_ALLOWED'],
      ['bin.dat', Buffer.from([0, 1, 2, 3, 0xff]), 415, 'FILE_TYPE_NOT_ALLOWED'],
      [
        'archive.zip',
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(10)]),
        415,
        'FILE_TYPE_NOT_ALLOWED',
      ],
      ['big.pdf', Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(MAX + 10)]), 413, 'FILE_TOO_LARGE'],
    ];
    for (const [name, data, code, errorCode] of refused) {
      const response = await upload(t.app, es, f.taskId, name, data, 'image/png');
      expect(response.statusCode, name).toBe(code);
      expect(response.json().code).toBe(errorCode);
      expect(response.json().errors[0]).toEqual(expect.any(String));
    }
    // The size in the message is written in the reader's language (issue 44.2).
    const tooLarge = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(MAX + 10)]);
    expect((await upload(t.app, es, f.taskId, 'big.pdf', tooLarge)).json().errors).toEqual([
      'El archivo es demasiado grande (máximo 64 KB).',
    ]);
    expect(await snapshot(t.db)).toEqual(before);
    expect(files()).toEqual(stored);
  });

  it('refuses an image whose header declares over 40 megapixels (422) before decoding it', async () => {
    const before = await snapshot(t.db);
    const stored = files();
    for (const [width, height] of [
      [100_000, 100_000],
      [8_000, 5_001],
    ] as const) {
      const bomb = pngDeclaring(width, height);
      expect(bomb.length).toBeLessThan(2048);
      const response = await upload(t.app, headers, f.taskId, 'small.png', bomb, 'image/png');
      expect(response.statusCode, `${width}x${height}`).toBe(422);
      expect(response.json()).toEqual({
        errors: ['The image is too large (maximum 40 megapixels).'],
        code: 'IMAGE_TOO_LARGE',
      });
    }
    const es = { ...headers, 'accept-language': 'es' } as TokenHeaders;
    const spanish = await upload(t.app, es, f.taskId, 'a.png', pngDeclaring(10_000, 10_000));
    expect(spanish.json().errors).toEqual(['La imagen es demasiado grande (máximo 40 megapíxeles).']);
    // Bytes that start like a PNG but carry no readable header are not an image.
    const truncated = pngDeclaring(10, 10).subarray(0, 20);
    expect((await upload(t.app, headers, f.taskId, 'a.png', truncated)).json().code).toBe(
      'FILE_TYPE_NOT_ALLOWED',
    );
    expect(await snapshot(t.db)).toEqual(before);
    expect(files()).toEqual(stored);
    const atCap = await upload(t.app, headers, f.taskId, 'ok.png', pngDeclaring(8_000, 5_000));
    expect(atCap.statusCode).toBe(201);
  });

  it('keeps each uploader within UPLOAD_QUOTA_MB (413 naming it); deleting files frees quota', async () => {
    const pdf = (kb: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(kb * 1024 - 9, 0x20)]);
    const send = (h: TokenHeaders, name: string) => upload(t.app, h, f.taskId, name, pdf(50));
    const first = (await send(headers, 'one.pdf')).json().data;
    expect((await send(headers, 'two.pdf')).statusCode).toBe(201);
    const before = await snapshot(t.db);
    const stored = files();
    const refused = await send(headers, 'three.pdf');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      errors: [
        'Your files have reached your storage quota (128 KB). Delete some attachments to upload more.',
      ],
      code: 'UPLOAD_QUOTA_EXCEEDED',
    });
    const es = { ...headers, 'accept-language': 'es' } as TokenHeaders;
    expect((await send(es, 'three.pdf')).json().errors[0]).toMatch(/^Tus archivos .*\(128 KB\)/);
    expect(await snapshot(t.db)).toEqual(before);
    expect(files()).toEqual(stored);
    // Another member's uploads are counted on their own quota.
    const member = await createUser(t.db, { email: 'member@uni.example' });
    const memberHeaders = await signIn(t.app, 'member@uni.example');
    const folderId = await defaultFolderId(apiAs(t.app, memberHeaders));
    await addMember(t.db, { projectId, userId: member.id, role: 'member', folderId });
    expect((await send(memberHeaders, 'theirs.pdf')).statusCode).toBe(201);
    expect((await owner('DELETE', `/api/attachments/${first.id}`)).statusCode).toBe(204);
    expect((await send(headers, 'three.pdf')).statusCode).toBe(201);
  });

  it('answers 404 to expired, forged or unknown links', async () => {
    const attachment = (await owner('GET', `/api/tasks/${f.taskId}/attachments`)).json().data[0];
    const url = new URL(attachment.url, 'http://x');
    const forged = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${'A'.repeat(43)}`;
    const longer = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 10000}&signature=${url.searchParams.get('signature')}`;
    for (const link of [forged, longer, url.pathname, '/api/files/attachments/..%2F..%2Fsecret.key']) {
      expect((await t.app.inject({ method: 'GET', url: link })).statusCode, link).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: attachment.url })).statusCode).toBe(200);
    t.clock.advance(HOUR_MS + 1000);
    expect((await t.app.inject({ method: 'GET', url: attachment.url })).statusCode).toBe(404);
  });

  it('removes files from storage when an attachment, task, column, board or project is deleted', async () => {
    const first = (await owner('GET', `/api/tasks/${f.taskId}/attachments`)).json().data[0];
    expect(files()).toHaveLength(2);
    expect((await owner('DELETE', `/api/attachments/${first.id}`)).statusCode).toBe(204);
    expect(files()).toEqual([]);
    const png = await pngBytes();
    await upload(t.app, headers, f.taskId, 'a.png', png);
    await owner('DELETE', `/api/tasks/${f.taskId}`);
    expect(files()).toEqual([]);
    const add = async () => {
      const task = (await owner('POST', `/api/columns/${f.otherColumnId}/tasks`, { title: 'x' })).json().data
        .id;
      await upload(t.app, headers, task, 'a.png', png);
      expect(files()).toHaveLength(2);
    };
    await add();
    await owner('DELETE', `/api/columns/${f.otherColumnId}`);
    expect(files()).toEqual([]);
    f.otherColumnId = (
      await owner('POST', `/api/boards/${f.boardId}/columns`, { name: 'again' })
    ).json().data.id;
    await add();
    await owner('DELETE', `/api/boards/${f.boardId}`);
    expect(files()).toEqual([]);
    const board = (await owner('POST', `/api/projects/${projectId}/boards`, { name: 'B' })).json().data.id;
    f.otherColumnId = (await owner('POST', `/api/boards/${board}/columns`, { name: 'c' })).json().data.id;
    await add();
    expect((await owner('DELETE', `/api/projects/${projectId}`)).statusCode).toBe(204);
    expect(files()).toEqual([]);
  });
});

import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_NAME_MAX_LENGTH, sanitizeFileName } from '../../../src/lib/file-type.js';
import { signPath } from '../../../src/lib/signed-urls.js';
import { setUpOwnBoard, type BoardFixture } from '../../helpers/boards.js';
import { isDatabaseAvailable } from '../../helpers/database.js';
import type { TokenHeaders } from '../../helpers/factories.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { mistypedCorpus, TRAVERSAL_NAMES } from '../../helpers/upload-corpus.js';

/**
 * Hostile uploads: names and declared types that lie, script carriers, truncated headers, path
 * traversal in names and in download links. The type comes from the bytes, files stay inside the
 * storage root under random keys, and every download is an attachment with nosniff and a sandbox.
 */
/** `xml` as a word: application/xml, text/xml, image/svg+xml; not the `openxmlformats` of a .docx. */
const DANGEROUS_TYPES = /(html|svg|\bxml\b|javascript|ecmascript)/i;
/** Separators (and look-alikes), controls, a bidi override, a leading dot (or look-alike), nothing. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const UNSAFE_NAME = /[/\\\u0000-\u001f\u007f\u202e\u2044\u2215\uff0f\uff3c]|^[.\u2024\u2025\uff0e]|^$/;

/** Every file under `root`, relative, recursively. */
function listTree(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(path.join(root, entry)).isFile())
    .sort();
}

/** multipart/form-data with the name as an RFC 5987 `filename*`, so CR, LF, quotes and NUL arrive intact. */
function multipart(name: string, declared: string, data: Buffer) {
  const boundary = '----teamboard-corpus-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; ` +
      `filename*=UTF-8''${encodeURIComponent(name)}\r\nContent-Type: ${declared}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.skipIf(!isDatabaseAvailable)('upload corpus: mistyped files and path traversal', () => {
  let t: TestApp;
  let headers: TokenHeaders;
  let f: BoardFixture;
  const tally = { tried: 0, mistypedAccepted: [] as string[], escapes: [] as string[] };

  const send = (name: string, declared: string, data: Buffer) => {
    tally.tried += 1;
    const body = multipart(name, declared, data);
    return t.app.inject({
      method: 'POST',
      url: `/api/tasks/${f.taskId}/attachments`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  /** The download must never be something a browser would render or run in our origin. */
  const expectSafeDownload = (download: LightMyRequestResponse, label: string) => {
    expect(download.statusCode, label).toBe(200);
    expect(download.headers['content-disposition'], label).toMatch(/^attachment; filename="[^"\r\n]*";/);
    expect(download.headers['x-content-type-options'], label).toBe('nosniff');
    expect(download.headers['content-security-policy'], label).toMatch(/default-src 'none'.*sandbox/);
    expect(String(download.headers['content-type']), label).not.toMatch(DANGEROUS_TYPES);
    expect(download.headers['x-injected'], label).toBeUndefined();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ({ headers, f } = await setUpOwnBoard(t));
  });
  afterAll(async () => {
    console.log(
      `uploads: ${tally.tried} files tried, ${tally.mistypedAccepted.length} mistyped accepted, ` +
        `${tally.escapes.length} escapes`,
    );
    await t?.close();
  });

  it('types every file by its bytes: script carriers, unreadable images and dangerous names refused, the rest served safely', async () => {
    for (const file of await mistypedCorpus()) {
      const response = await send(file.name, file.declared, file.data);
      const label = `${file.label} → ${response.statusCode} ${response.body.slice(0, 120)}`;
      const storedAs = file.refusedByName ? null : file.storedAs;
      if (response.statusCode !== 201) {
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
        expect(response.json().errors, label).toEqual([expect.any(String)]);
        if (storedAs && !file.mayRefuse) tally.mistypedAccepted.push(`${label} (a valid file refused)`);
        continue;
      }
      const attachment = response.json().data;
      if (attachment.content_type !== storedAs || DANGEROUS_TYPES.test(attachment.content_type)) {
        tally.mistypedAccepted.push(`${label} stored as ${attachment.content_type}`);
      }
      const download = await t.app.inject({ method: 'GET', url: attachment.url });
      expectSafeDownload(download, label);
      expect(download.rawPayload.equals(file.data), label).toBe(true);
      if (attachment.thumbnail_url) {
        const thumb = await t.app.inject({ method: 'GET', url: attachment.thumbnail_url });
        expect(thumb.headers['content-type'], label).toBe('image/webp');
        expect(thumb.headers['x-content-type-options'], label).toBe('nosniff');
      }
    }
    expect(tally.mistypedAccepted).toEqual([]);
  });

  it('keeps every traversal name inside the storage root and serves it sanitized', async () => {
    const dataBefore = listTree(t.dataDir);
    const parentBefore = readdirSync(path.dirname(t.dataDir)).filter((entry) => entry.includes('escaped'));
    for (const name of TRAVERSAL_NAMES) {
      const response = await send(name, 'text/plain', Buffer.from('plain text, nothing else'));
      const label = JSON.stringify(name.slice(0, 60));
      if (response.statusCode !== 201) {
        // The multipart parser drops a part whose name has a bare CR/LF (422 FILE_REQUIRED); a name
        // ending in .html is refused (415). Either way a clean, localized 4xx.
        expect([415, 422], label).toContain(response.statusCode);
        expect(response.json().errors, label).toEqual([expect.any(String)]);
        continue;
      }
      const served = response.json().data.name as string;
      if (process.env.UPLOADS_VERBOSE) console.log('%s → %s', label, JSON.stringify(served.slice(0, 60)));
      expect(served, label).toBe(sanitizeFileName(served));
      expect(served, label).not.toMatch(UNSAFE_NAME);
      expect(served.length, label).toBeLessThanOrEqual(FILE_NAME_MAX_LENGTH);
      expectSafeDownload(await t.app.inject({ method: 'GET', url: response.json().data.url }), label);
    }
    const created = listTree(t.dataDir).filter((file) => !dataBefore.includes(file));
    for (const file of created) {
      if (!/^files\/attachments\/[A-Za-z0-9_-]{16,64}\.[a-z]{1,5}$/.test(file)) tally.escapes.push(file);
    }
    const parentAfter = readdirSync(path.dirname(t.dataDir)).filter((entry) => entry.includes('escaped'));
    tally.escapes.push(...parentAfter.filter((entry) => !parentBefore.includes(entry)));
    expect(created.length).toBeGreaterThan(0);
    expect(tally.escapes).toEqual([]);
  });

  it('sanitizes traversal names itself too (defence behind the multipart parser)', () => {
    for (const name of TRAVERSAL_NAMES) {
      tally.tried += 1;
      const clean = sanitizeFileName(name);
      if (UNSAFE_NAME.test(clean) || clean.length > FILE_NAME_MAX_LENGTH) {
        tally.escapes.push(`sanitizeFileName(${JSON.stringify(name.slice(0, 60))}) = ${clean}`);
      }
    }
    expect(tally.escapes).toEqual([]);
  });

  it('re-encodes every profile photo to WebP, refusing script carriers whatever their name says', async () => {
    const photo = (file: { name: string; declared: string; data: Buffer }) => {
      tally.tried += 1;
      const body = multipart(file.name, file.declared, file.data);
      return t.app.inject({
        method: 'POST',
        url: '/api/users/image',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    for (const file of await mistypedCorpus()) {
      const response = await photo(file);
      const isImage = /^image\/(png|jpeg|gif|webp)$/.test(file.storedAs ?? '');
      if (response.statusCode !== 200) {
        expect(response.statusCode, file.label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, file.label).toBeLessThan(500);
        if (isImage && !file.mayRefuse) tally.mistypedAccepted.push(`avatar: ${file.label} refused`);
        continue;
      }
      if (!isImage) tally.mistypedAccepted.push(`avatar: ${file.label} accepted`);
      const served = await t.app.inject({ method: 'GET', url: response.json().data.image });
      expect(served.headers['content-type'], file.label).toBe('image/webp');
      expect(served.headers['x-content-type-options'], file.label).toBe('nosniff');
      expect(served.headers['content-security-policy'], file.label).toMatch(/default-src 'none'.*sandbox/);
      expect(served.rawPayload.subarray(8, 12).toString('latin1'), file.label).toBe('WEBP');
    }
    expect(tally.mistypedAccepted).toEqual([]);
  });

  it('answers 404 to traversal and tampering on the download routes, even when correctly signed', async () => {
    const secret = t.config.secretKey;
    const valid = (await t.app.inject({ method: 'GET', url: `/api/tasks/${f.taskId}/attachments`, headers }))
      .json()
      .data.at(-1);
    const link = new URL(valid.url, 'http://x');
    const query = link.search;
    const expires = Math.floor(Date.now() / 1000) + 3600 * 24 * 365;
    const traversals = [
      '../../secret.key',
      '..%2F..%2Fsecret.key',
      '..%5C..%5Csecret.key',
      '%2e%2e%2f%2e%2e%2fsecret.key',
      '%252e%252e%252fsecret.key',
      '..%c0%af..%c0%afsecret.key',
      '....%2F%2F....%2F%2Fsecret.key',
      '%2Fetc%2Fpasswd',
      'x%00.png',
      'teamboard.sqlite',
      '..%2Fteamboard.sqlite',
    ];
    const links = [
      ...traversals.flatMap((key) => [
        `/api/files/attachments/${key}${query}`,
        // As if the secret had leaked: a traversal key with a valid signature of its own.
        signPath(t.config.secretKey, '/api/files/attachments/', key, expires),
        `/api/files/avatars/${key}`,
      ]),
      `${link.pathname.replace(/\.[a-z]+$/, '_thumb.webp')}${query}`,
      `${link.pathname}x${query}`,
      `${link.pathname}?expires=${expires}&signature=${link.searchParams.get('signature')}`,
    ];
    for (const url of links) {
      tally.tried += 1;
      const response = await t.app.inject({ method: 'GET', url });
      if (response.statusCode < 400 || response.body.includes(secret)) tally.escapes.push(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    expect(tally.escapes).toEqual([]);
  });
});

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../src/lib/s3-storage.js';
import { LocalDiskStorage, type Storage } from '../../src/lib/storage.js';
import { pngBytes, upload } from '../helpers/boards.js';
import { isDatabaseAvailable } from '../helpers/database.js';
import { createUser, signIn, type TokenHeaders } from '../helpers/factories.js';
import { multipartFile } from '../helpers/multipart.js';
import { apiAs } from '../helpers/projects.js';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const BUCKET = 'teamboard-files';
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TEXT = Buffer.from('Sprint notes: ship the board.\n'.repeat(2000));

/** The real command line (src/cli.ts through tsx), as cli.test / backup.test run it. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', ...args],
      { cwd: SERVER_DIR, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: stdout + stderr });
      },
    );
  });
}

describe.skipIf(!isDatabaseAvailable)('object storage (S3 protocol)', () => {
  let s3: S3TestServer;
  let t: TestApp;
  /** The app a test started, closed after it (tests of the command line and check() start none). */
  let running: TestApp | undefined;
  let headers: TokenHeaders;
  let taskId: number;

  beforeAll(async () => {
    s3 = await startS3Server([BUCKET]);
  });
  afterAll(() => s3?.close());
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  /** The app on the bucket, with a project, a board and one task to attach files to. */
  async function start(extraEnv: Record<string, string> = {}): Promise<void> {
    t = await buildTestApp({ env: s3.env(BUCKET, extraEnv) });
    running = t;
    await createUser(t.db, { email: 'owner@uni.example' });
    headers = await signIn(t.app, 'owner@uni.example');
    const owner = apiAs(t.app, headers);
    const projectId = (await owner('POST', '/api/projects', { name: 'P' })).json().data.id;
    const boardId = (await owner('POST', `/api/projects/${projectId}/boards`, { name: 'B' })).json().data.id;
    const columnId = (await owner('POST', `/api/boards/${boardId}/columns`, { name: 'To do' })).json().data
      .id;
    taskId = (await owner('POST', `/api/columns/${columnId}/tasks`, { title: 'T' })).json().data.id;
  }

  const diskFiles = () => {
    const dir = path.join(t.dataDir, 'files');
    return existsSync(dir) ? readdirSync(dir, { recursive: true }) : [];
  };
  const bucketKey = (url: string) => `attachments/${new URL(url, 'http://x').pathname.split('/').pop()}`;

  it('stores attachments in the bucket and redirects downloads to a pre-signed URL with our headers', async () => {
    await start();
    const png = await pngBytes(600, 400);
    const response = await upload(t.app, headers, taskId, 'résumé (final).png', png, 'text/html');
    expect(response.statusCode).toBe(201);
    const attachment = response.json().data;
    const key = bucketKey(attachment.url);
    expect(await s3.keys(BUCKET)).toEqual([key, key.replace('.png', '_thumb.webp')].sort());
    expect(diskFiles()).toEqual([]);
    expect(await s3.read(BUCKET, key)).toEqual(png);

    const download = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(download.statusCode).toBe(302);
    expect(download.headers['cache-control']).toBe('private, no-store');
    const location = new URL(String(download.headers.location));
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    const fromBucket = await fetch(location);
    expect(fromBucket.status).toBe(200);
    expect(Buffer.from(await fromBucket.arrayBuffer())).toEqual(png);
    expect(fromBucket.headers.get('content-type')).toBe('image/png');
    expect(fromBucket.headers.get('content-disposition')).toBe(
      `attachment; filename="r_sum_ (final).png"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%28final%29.png`,
    );

    // Thumbnails are shown inline in the page: streamed by the app with its headers.
    const thumb = await t.app.inject({ method: 'GET', url: attachment.thumbnail_url });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['content-disposition']).toMatch(/^inline/);
    expect(thumb.rawPayload).toEqual(await s3.read(BUCKET, key.replace('.png', '_thumb.webp')));

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/attachments/${attachment.id}`,
      headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await s3.keys(BUCKET)).toEqual([]);
  });

  it('uploads a file larger than one multipart part through the app, streamed in one PUT of known length', async () => {
    await start({ ATTACHMENT_MAX_BYTES: String(12 * 1024 * 1024), S3_PRESIGNED_DOWNLOADS: '0' });
    const pdf = randomBytes(9 * 1024 * 1024);
    pdf.write('%PDF-1.4\n', 0, 'latin1');
    const response = await upload(t.app, headers, taskId, 'large.pdf', pdf);
    expect(response.statusCode).toBe(201);
    const attachment = response.json().data;
    expect(attachment).toMatchObject({ content_type: 'application/pdf', size: pdf.length });
    expect((await s3.read(BUCKET, bucketKey(attachment.url))).equals(pdf)).toBe(true);
    const download = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(download.rawPayload.equals(pdf)).toBe(true);
    await t.app.inject({ method: 'DELETE', url: `/api/attachments/${attachment.id}`, headers });
  });

  it('streams downloads through the app with today’s headers when S3_PRESIGNED_DOWNLOADS=0', async () => {
    await start({ S3_PRESIGNED_DOWNLOADS: '0' });
    const response = await upload(t.app, headers, taskId, 'notes.md', TEXT);
    expect(response.statusCode).toBe(201);
    const attachment = response.json().data;
    expect(await s3.keys(BUCKET)).toEqual([bucketKey(attachment.url)]);

    const download = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(TEXT);
    expect(download.headers).toMatchObject({
      'content-type': 'text/markdown; charset=utf-8',
      'content-length': String(TEXT.length),
      'content-disposition': `attachment; filename="notes.md"; filename*=UTF-8''notes.md`,
      'x-content-type-options': 'nosniff',
    });
    expect(download.headers['content-security-policy']).toMatch(/^default-src 'none'; sandbox(;|$)/);

    await t.app.inject({ method: 'DELETE', url: `/api/attachments/${attachment.id}`, headers });
    expect(await s3.keys(BUCKET)).toEqual([]);
    const gone = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(gone.statusCode).toBe(404);
  });

  it('keeps profile photos in the bucket, replaced and removed with the account’s photo', async () => {
    await start();
    const setPhoto = async () => {
      const body = multipartFile('file', 'me.png', 'image/png', await pngBytes(300, 300));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/image',
        payload: body.payload,
        headers: { ...headers, ...body.headers },
      });
      expect(response.statusCode).toBe(200);
      return response.json().data.image as string;
    };
    const first = await setPhoto();
    const firstKey = `avatars/${first.split('/').pop()}`;
    expect(await s3.keys(BUCKET)).toEqual([firstKey]);
    const served = await t.app.inject({ method: 'GET', url: first });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload).toEqual(await s3.read(BUCKET, firstKey));

    const second = await setPhoto();
    expect(await s3.keys(BUCKET)).toEqual([`avatars/${second.split('/').pop()}`]);
    await t.app.inject({ method: 'DELETE', url: '/api/users/image', headers });
    expect(await s3.keys(BUCKET)).toEqual([]);
    expect(diskFiles()).toEqual([]);
  });

  it('move-files-to-bucket moves files from disk to the bucket; the app then serves them', async () => {
    await start({ S3_PRESIGNED_DOWNLOADS: '0' });
    const attachment = (await upload(t.app, headers, taskId, 'notes.md', TEXT)).json().data;
    const key = bucketKey(attachment.url);
    // As a deployment that kept files on disk: the file in a files folder, not in the bucket.
    const filesDir = mkdtempSync(path.join(os.tmpdir(), 'teamboard-files-'));
    try {
      mkdirSync(path.join(filesDir, 'attachments'));
      mkdirSync(path.join(filesDir, 'avatars'));
      writeFileSync(path.join(filesDir, key), await s3.read(BUCKET, key));
      writeFileSync(path.join(filesDir, 'avatars', 'abcdefghijklmnop1234.webp'), 'webp bytes');
      writeFileSync(path.join(filesDir, 'attachments', 'notes.md~'), 'an editor backup');
      await s3.remove(BUCKET, key);
      expect((await t.app.inject({ method: 'GET', url: attachment.url })).statusCode).toBe(404);

      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamboard-data-'));
      const result = await cli(['move-files-to-bucket', '--from', filesDir], {
        DATA_DIR: dataDir,
        ...s3.env(BUCKET),
      });
      rmSync(dataDir, { recursive: true, force: true });
      expect(result.output).toContain('Moved 2 files to teamboard-files.');
      expect(result.output).toContain('skipped attachments/notes.md~');
      expect(result.code).toBe(0);
      expect(await s3.keys(BUCKET)).toEqual(['avatars/abcdefghijklmnop1234.webp', key].sort());
      expect(readdirSync(filesDir, { recursive: true }).sort()).toEqual([
        'attachments',
        path.join('attachments', 'notes.md~'),
        'avatars',
      ]);
      const download = await t.app.inject({ method: 'GET', url: attachment.url });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload).toEqual(TEXT);
    } finally {
      rmSync(filesDir, { recursive: true, force: true });
      await s3.remove(BUCKET, 'avatars/abcdefghijklmnop1234.webp');
    }
  });

  it('move-files-to-bucket refuses to run without S3 settings', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamboard-data-'));
    try {
      const result = await cli(['move-files-to-bucket'], { DATA_DIR: dataDir });
      expect(result.code).toBe(2);
      expect(result.output).toContain('S3_BUCKET');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('check() passes for the bucket and fails for a missing one; large files go multipart', async () => {
    const env = s3.env(BUCKET);
    const settings = {
      endpoint: env.S3_ENDPOINT!,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      presignedDownloads: true,
    };
    const present = new S3Storage({ ...settings, bucket: BUCKET });
    const missing = new S3Storage({ ...settings, bucket: 'no-such-bucket' });
    try {
      await expect(present.check()).resolves.toBeUndefined();
      await expect(missing.check()).rejects.toThrow();
      // Over one 8 MB part: a multipart upload, stored byte for byte and read back as a stream.
      const large = randomBytes(9 * 1024 * 1024);
      await present.putStream(
        'attachments/large.bin',
        Readable.from([large.subarray(0, 5e6), large.subarray(5e6)]),
      );
      // Buffer.equals: vitest's deep equality walks 9 MB byte by byte for a minute.
      expect((await s3.read(BUCKET, 'attachments/large.bin')).equals(large)).toBe(true);
      const stored = await present.getStream('attachments/large.bin');
      expect(stored?.size).toBe(large.length);
      expect(Buffer.concat(await stored!.body.toArray()).equals(large)).toBe(true);
      await present.delete('attachments/large.bin');
      expect(await present.getStream('attachments/large.bin')).toBeNull();
    } finally {
      present.close();
      missing.close();
    }
  });
});

describe('local disk storage (no S3_* settings)', () => {
  it('streams in and out, has no download URL, and checks its folder', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'teamboard-storage-'));
    try {
      const storage: Storage = new LocalDiskStorage(path.join(root, 'files'));
      await storage.check();
      await storage.putStream('attachments/a.txt', Readable.from([Buffer.from('one '), Buffer.from('two')]));
      const stored = await storage.getStream('attachments/a.txt');
      expect(stored?.size).toBe(7);
      expect(Buffer.concat(await stored!.body.toArray()).toString()).toBe('one two');
      expect(await storage.getStream('attachments/missing.txt')).toBeNull();
      const options = { filename: 'a.txt', contentType: 'text/plain', expiresInS: 60 };
      expect(await storage.downloadUrl('attachments/a.txt', options)).toBeNull();
      await expect(storage.putStream('../escape.txt', Readable.from([]))).rejects.toThrow(
        /Invalid storage key/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

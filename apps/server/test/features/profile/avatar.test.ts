import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseAvailable } from '../../helpers/database.js';
import { createUser, signIn, type TokenHeaders } from '../../helpers/factories.js';
import { multipartFile } from '../../helpers/multipart.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { pngDeclaring } from '../../helpers/images.js';

function image(format: 'png' | 'jpeg' | 'gif' | 'webp', width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();
}

describe.skipIf(!isDatabaseAvailable)('profile photo', () => {
  let t: TestApp;
  let headers: TokenHeaders;
  beforeEach(async () => {
    t = await buildTestApp();
    await createUser(t.db, { email: 'ana@uni.example' });
    headers = await signIn(t.app, 'ana@uni.example');
  });
  afterEach(() => t.close());

  const upload = (
    data: Buffer,
    filename = 'photo.png',
    type = 'image/png',
    field = 'file',
    auth = headers,
  ) => {
    const body = multipartFile(field, filename, type, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/users/image',
      payload: body.payload,
      headers: { ...auth, ...body.headers },
    });
  };

  it.each(['png', 'jpeg', 'gif', 'webp'] as const)(
    'accepts a %s and serves it as a 256×256 WebP without metadata',
    async (format) => {
      const response = await upload(await image(format), `photo.${format}`, `image/${format}`);
      expect(response.statusCode).toBe(200);
      const url: string = response.json().data.image;
      expect(url).toMatch(/^\/api\/files\/avatars\/[\w-]+\.webp$/);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toContain('max-age');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
      expect(metadata.exif).toBeUndefined();
    },
  );

  it('decides by content: an HTML file named .png is refused with 415', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const response = await upload(html, 'evil.png', 'image/png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      errors: ['Image format not allowed. Allowed formats: jpeg, png, gif, webp.'],
      code: 'IMAGE_FORMAT_NOT_ALLOWED',
    });
  });

  it('refuses a real image of another format (TIFF) with 415', async () => {
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'white' } })
      .tiff()
      .toBuffer();
    expect((await upload(tiff, 'photo.png', 'image/png')).statusCode).toBe(415);
  });

  it('refuses a file over 5 MB with 413 FILE_TOO_LARGE', async () => {
    const response = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'big.png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      errors: ['The file is too large (maximum 5 MB).'],
      code: 'FILE_TOO_LARGE',
    });
  });

  it('refuses an image with too many pixels', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: 'white' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await upload(huge);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('IMAGE_TOO_LARGE');
  });

  it('refuses a tiny PNG whose header declares 10 gigapixels, from the header alone', async () => {
    const bomb = pngDeclaring(100_000, 100_000);
    expect(bomb.length).toBeLessThan(2048);
    const response = await upload(bomb);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: ['The image is too large (maximum 40 megapixels).'],
      code: 'IMAGE_TOO_LARGE',
    });
  });

  it('asks for a file when the field is missing or the body is not multipart', async () => {
    expect((await upload(await image('png'), 'p.png', 'image/png', 'other')).json().code).toBe(
      'FILE_REQUIRED',
    );
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/image',
      headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().code).toBe('FILE_REQUIRED');
  });

  it('needs token headers', async () => {
    const response = await upload(await image('png'), 'p.png', 'image/png', 'file', {} as TokenHeaders);
    expect(response.statusCode).toBe(401);
  });

  it('replaces the old photo and deletes it; DELETE goes back to the default avatar', async () => {
    const first: string = (await upload(await image('png'))).json().data.image;
    const second: string = (await upload(await image('jpeg'), 'p.jpg', 'image/jpeg')).json().data.image;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/users/image', headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.image).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
  });

  it('answers 404 for unknown or path-traversing keys', async () => {
    for (const key of ['nope.webp', '..%2F..%2Fsecret.key', '%2E%2E%2Fsecret.key']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/files/avatars/${key}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});

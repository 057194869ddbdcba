import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffUpload, sniffUploadFile } from '../../../src/lib/file-type.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'teamboard-sniff-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes the bytes to a file and judges it from there, counting how often it is read whole. */
async function judgeFile(bytes: Buffer, name: string) {
  const file = path.join(dir, `upload-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, bytes);
  let wholeReads = 0;
  const sniffed = await sniffUploadFile(file, name, () => {
    wholeReads += 1;
    return Promise.resolve(bytes);
  });
  return { sniffed, wholeReads, fromBuffer: await sniffUpload(bytes, name) };
}

describe('sniffUploadFile', () => {
  it('judges PDFs and images from the file, never reading them whole, as sniffUpload does', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4096, 7)]);
    for (const [bytes, name] of [
      [png, 'photo.png'],
      [pdf, 'report.pdf'],
    ] as const) {
      const { sniffed, wholeReads, fromBuffer } = await judgeFile(bytes, name);
      expect(wholeReads, name).toBe(0);
      expect(sniffed, name).toEqual(fromBuffer);
    }
    expect((await judgeFile(png, 'photo.png')).sniffed).toMatchObject({
      image: { format: 'png', width: 40, height: 30 },
    });
  });

  it('reads text, office names and look-alike images whole and decides as sniffUpload does', async () => {
    const cases: [Buffer, string][] = [
      [Buffer.from('plain notes\n'), 'notes.md'],
      [Buffer.from('<script>alert(1)</script>'), 'notes.txt'],
      [Buffer.from('GIF89a is how a GIF starts'), 'notes.txt'],
      [Buffer.from('%PDF-1.4 but named as an office document'), 'report.docx'],
    ];
    for (const [bytes, name] of cases) {
      const { sniffed, wholeReads, fromBuffer } = await judgeFile(bytes, name);
      expect(wholeReads, name).toBe(1);
      expect(sniffed, name).toEqual(fromBuffer);
    }
  });

  it('refuses a dangerous name without reading anything', async () => {
    const { sniffed, wholeReads } = await judgeFile(Buffer.from('%PDF-1.4\n'), 'invoice.pdf.exe');
    expect(sniffed).toEqual({ refused: 'FILE_TYPE_NOT_ALLOWED' });
    expect(wholeReads).toBe(0);
  });
});

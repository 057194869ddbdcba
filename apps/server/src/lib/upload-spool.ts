import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * An upload written to a private temporary file as it arrives, so a request never holds the whole
 * body in memory and the file can be read again (sniffed, then streamed to the store).
 */
export class SpooledUpload {
  private constructor(
    private readonly dir: string,
    readonly file: string,
    readonly size: number,
  ) {}

  /** Streams `body` to disk; on any error (a size limit, a dropped client) nothing is left behind. */
  static async from(body: Readable): Promise<SpooledUpload> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'teamboard-upload-'));
    const file = path.join(dir, 'upload');
    try {
      await pipeline(body, createWriteStream(file, { mode: 0o600 }));
      return new SpooledUpload(dir, file, (await stat(file)).size);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }

  /** All the bytes: the content checks judge the whole file (text with no markup anywhere, ZIPs). */
  readAll(): Promise<Buffer> {
    return readFile(this.file);
  }

  stream(): Readable {
    return createReadStream(this.file);
  }

  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

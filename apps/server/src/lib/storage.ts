import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored file opened for reading: its bytes as a stream, and how many there are. */
export interface StoredStream {
  body: Readable;
  size: number;
}

export interface DownloadUrlOptions {
  /** The name the browser saves the file as (Content-Disposition: attachment). */
  filename: string;
  contentType: string;
  expiresInS: number;
}

/**
 * Where uploaded files live: local disk (DATA_DIR/files) or an S3-compatible bucket
 * (lib/s3-storage.ts). Small files (avatars) use the Buffer methods; attachments stream.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Stores a stream without holding it in memory; `size` lets a store skip multipart for small files. */
  putStream(key: string, body: Readable, size?: number): Promise<void>;
  /** The file as a stream, or null when there is no such file. */
  getStream(key: string): Promise<StoredStream | null>;
  /** A short-lived URL the browser downloads from directly, or null when the store has none (disk). */
  downloadUrl(key: string, options: DownloadUrlOptions): Promise<string | null>;
  delete(key: string): Promise<void>;
  /** Resolves when files can be stored (readiness probe); rejects with the reason otherwise. */
  check(): Promise<void>;
  /** Short name for logs and the readiness probe: `disk` or `s3`. */
  readonly kind: 'disk' | 's3';
  /** Releases connections (S3's keep-alive sockets); nothing to do on disk. */
  close?(): void;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*(\.[A-Za-z0-9]+)?$/;

/** Keys are `folder/name.ext` with safe characters only, so no key can leave the storage root. */
export function isValidStorageKey(key: string): boolean {
  return key.length <= 200 && KEY_PATTERN.test(key);
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

export class LocalDiskStorage implements Storage {
  readonly kind = 'disk' as const;

  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    const file = await this.prepare(key);
    await writeFile(file, data, { mode: 0o600 });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async putStream(key: string, body: Readable): Promise<void> {
    const file = await this.prepare(key);
    try {
      await pipeline(body, createWriteStream(file, { mode: 0o600 }));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }

  async getStream(key: string): Promise<StoredStream | null> {
    const file = this.pathOf(key);
    try {
      const { size } = await stat(file);
      return { body: createReadStream(file), size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Disk files have no URL of their own: the app streams them. */
  downloadUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, 2 /* W_OK */);
  }

  private async prepare(key: string): Promise<string> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    return file;
  }

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!isValidStorageKey(key) || !resolved.startsWith(path.resolve(this.root) + path.sep)) {
      throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    }
    return resolved;
  }
}

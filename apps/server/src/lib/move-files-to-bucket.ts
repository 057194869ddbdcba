import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isValidStorageKey, type Storage } from './storage.js';

export interface MoveResult {
  moved: number;
  /** Files whose names cannot be storage keys: left where they are. */
  skipped: string[];
}

/** Every file under `dir`, as keys relative to it (`attachments/abc.pdf`). */
async function listKeys(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Copies each file of a local files folder (DATA_DIR/files) to the bucket under the same key, checks
 * the stored size, then deletes the local copy. Safe to run again after an interruption: a file is
 * only deleted once the bucket holds all of it.
 */
export async function moveFilesToBucket(
  dir: string,
  bucket: Storage,
  onMoved: (key: string) => void = () => {},
): Promise<MoveResult> {
  const result: MoveResult = { moved: 0, skipped: [] };
  for (const key of await listKeys(dir)) {
    if (!isValidStorageKey(key)) {
      result.skipped.push(key);
      continue;
    }
    const file = path.join(dir, ...key.split('/'));
    const { size } = await stat(file);
    await bucket.putStream(key, createReadStream(file), size);
    const stored = await bucket.getStream(key);
    stored?.body.destroy();
    if (stored?.size !== size)
      throw new Error(`${key}: the bucket holds ${stored?.size ?? 0} of ${size} bytes`);
    await rm(file);
    result.moved += 1;
    onMoved(key);
  }
  return result;
}

import { chmod, copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface TreeSize {
  count: number;
  bytes: number;
}

export interface CopiedTree extends TreeSize {
  /** Files listed but deleted before their turn came (the app removed them meanwhile). */
  vanished: number;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Every regular file under `root`, as paths relative to it; none when `root` does not exist. */
async function listFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true, recursive: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/**
 * Copies the files under `from` into `to` (created), one by one. The app may add or delete files
 * meanwhile: a new file is simply copied or not, a deleted one is counted as vanished.
 */
export async function copyTree(from: string, to: string): Promise<CopiedTree> {
  const copied: CopiedTree = { count: 0, bytes: 0, vanished: 0 };
  await mkdir(to, { recursive: true });
  for (const relative of await listFiles(from)) {
    const target = path.join(to, relative);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(path.join(from, relative), target);
    } catch (error) {
      if (!isMissing(error)) throw error;
      copied.vanished += 1;
      continue;
    }
    copied.count += 1;
    copied.bytes += (await stat(target)).size;
  }
  return copied;
}

/** How many files, and bytes, lie under `root`. */
export async function measureTree(root: string): Promise<TreeSize> {
  const size: TreeSize = { count: 0, bytes: 0 };
  for (const relative of await listFiles(root)) {
    size.count += 1;
    size.bytes += (await stat(path.join(root, relative))).size;
  }
  return size;
}

/**
 * Makes `root` and everything under it readable by the owner only: folders 0700, files 0600,
 * whatever modes they were created or copied with (a copy keeps its source's mode, and a folder
 * that already existed keeps its own). Links are left as they are: chmod would follow them.
 */
export async function restrictToOwner(root: string): Promise<void> {
  await chmod(root, 0o700);
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    const mode = entry.isDirectory() ? 0o700 : entry.isFile() ? 0o600 : undefined;
    if (mode !== undefined) await chmod(path.join(entry.parentPath, entry.name), mode);
  }
}

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BackupError } from './errors.js';

/** Names inside a backup folder. The manifest is written last: a folder without one is unfinished. */
export const BACKUP_NAMES = {
  database: 'teamboard.sqlite',
  files: 'files',
  secretKey: 'secret.key',
  manifest: 'manifest.json',
} as const;

/** Bumped when the layout of a backup folder changes; restore refuses formats it does not know. */
export const BACKUP_FORMAT = 1;

const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  app_version: z.string(),
  /** The last migration applied to the copied database. */
  schema_version: z.string().nullable(),
  created_at: z.string(),
  database: z.object({ file: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string() }),
  /** The local files copied (none when the files live in object storage). */
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  /** The bucket holding the files when S3_BUCKET is set: backed up on its own (docs/backups.md). */
  object_storage_bucket: z.string().nullable(),
  /** DATA_DIR/secret.key was copied (it seals stored secrets when SECRET_KEY is not set). */
  has_secret_key: z.boolean(),
});

export type Manifest = z.infer<typeof ManifestSchema>;

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(folder, BACKUP_NAMES.manifest), JSON.stringify(manifest, null, 2) + '\n');
}

export async function readManifest(folder: string): Promise<Manifest> {
  const file = path.join(folder, BACKUP_NAMES.manifest);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new BackupError(`${file} is missing: not a backup folder, or a backup that did not finish.`);
  }
  let parsed: ReturnType<typeof ManifestSchema.safeParse>;
  try {
    parsed = ManifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new BackupError(`${file} is not valid JSON.`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(
      `${file} is not a TeamBoard backup manifest (${issue?.path.join('.')}: ${issue?.message}).`,
    );
  }
  return parsed.data;
}

import type { AppDatabase } from '../../db/app-database.js';
import { assertPixelsWithinCap, loadSharp, MAX_IMAGE_PIXELS, readImageHeader } from '../../lib/sharp.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Storage } from '../../lib/storage.js';
import { randomToken } from '../../lib/tokens.js';
import { updateUser, type UserRow } from '../../users/users.js';

const AVATAR_FOLDER = 'avatars';
const AVATAR_SIZE = 256;
const DECODABLE_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);
export const AVATAR_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}\.webp$/;

export interface AvatarDeps {
  database: AppDatabase;
  db: Db;
  storage: Storage;
  clock: Clock;
}

/** Profile photos: decoded and re-encoded, so nothing the client sent is ever served back as-is. */
export class AvatarService {
  constructor(private readonly deps: AvatarDeps) {}

  async replace(user: UserRow, upload: Buffer): Promise<UserRow> {
    const webp = await reencode(upload);
    const key = `${randomToken(18)}.webp`;
    await this.deps.storage.put(`${AVATAR_FOLDER}/${key}`, webp);
    const updated = await updateUser(this.deps.db, this.deps.database.stamps, user.id, {
      image_key: key,
      updated_at: this.nowIso(),
    });
    await this.deleteStored(user.image_key);
    return updated;
  }

  async remove(user: UserRow): Promise<UserRow> {
    const updated = await updateUser(this.deps.db, this.deps.database.stamps, user.id, {
      image_key: null,
      updated_at: this.nowIso(),
    });
    await this.deleteStored(user.image_key);
    return updated;
  }

  /** The stored WebP, or null for an unknown or malformed key. */
  read(key: string): Promise<Buffer | null> {
    if (!AVATAR_KEY_PATTERN.test(key)) return Promise.resolve(null);
    return this.deps.storage.get(`${AVATAR_FOLDER}/${key}`);
  }

  private async deleteStored(key: string | null): Promise<void> {
    if (key && AVATAR_KEY_PATTERN.test(key)) await this.deps.storage.delete(`${AVATAR_FOLDER}/${key}`);
  }

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }
}

/** The content decides the format (declared type and name are ignored). */
async function reencode(upload: Buffer): Promise<Buffer> {
  const header = await readImageHeader(upload);
  if (!header || !DECODABLE_FORMATS.has(header.format)) throw new AppError('IMAGE_FORMAT_NOT_ALLOWED');
  assertPixelsWithinCap(header);
  const sharp = await loadSharp();
  try {
    // sharp drops metadata (EXIF, GPS) unless asked to keep it; rotate() applies the EXIF orientation first.
    return await sharp(upload, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('IMAGE_FORMAT_NOT_ALLOWED');
  }
}

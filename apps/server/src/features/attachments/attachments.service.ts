import { requireTask, taskCardChanged, transactWithEvents } from '../../board-content/board-content.js';
import type { RealtimePublisher } from '../../realtime/publisher.js';
import type { Attachment } from '@teamboard/contract';
import type { Readable } from 'node:stream';
import { assertPixelsWithinCap, loadSharp, MAX_IMAGE_PIXELS } from '../../lib/sharp.js';
import type { Db } from '../../db/database.js';
import { AppError, byteSize } from '../../lib/app-error.js';
import { HOUR_MS, type Clock } from '../../lib/clock.js';
import { isImageType, sanitizeFileName, sniffUploadFile } from '../../lib/file-type.js';
import { signPath, verifySignature } from '../../lib/signed-urls.js';
import type { Storage } from '../../lib/storage.js';
import type { SpooledUpload } from '../../lib/upload-spool.js';
import { randomToken } from '../../lib/tokens.js';
import type { UserRow } from '../../users/users.js';
import type { ProjectAccess } from '../../access/access.js';
import * as repo from './attachments.repository.js';
import type { AttachmentRow } from './attachments.table.js';

export const ATTACHMENT_URL_PREFIX = '/api/files/attachments/';
const FOLDER = 'attachments';
export const FILE_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}(\.[a-z0-9]{1,5})?$/;
const URL_LIFETIME_MS = HOUR_MS;
/** A pre-signed bucket URL is followed at once by the browser: minutes are plenty. */
const PRESIGNED_LIFETIME_S = 300;
const THUMBNAIL_SIZE = 256;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export interface AttachmentsDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  secretKey: string;
  realtime: RealtimePublisher;
  /** Total bytes of attachments one user may have uploaded. */
  quotaBytes: number;
}

interface StoredFileInfo {
  contentType: string;
  name: string;
  isThumbnail: boolean;
}

/** A download: streamed through the app, or a redirect to a pre-signed URL of the bucket. */
export type StoredFile = StoredFileInfo & ({ body: Readable; size: number } | { redirectTo: string });

interface InspectedUpload {
  contentType: string;
  thumbnail: Buffer | null;
}

/** Files of tasks: typed by content, stored under random keys, served through signed links. */
export class AttachmentsService {
  constructor(private readonly deps: AttachmentsDeps) {}

  async list(access: ProjectAccess, taskId: number): Promise<Attachment[]> {
    await this.task(access, taskId);
    return (await repo.listAttachments(this.deps.db, taskId)).map((row) => this.toAttachment(row));
  }

  async upload(
    user: UserRow,
    access: ProjectAccess,
    taskId: number,
    upload: SpooledUpload,
    rawName: string,
  ): Promise<Attachment> {
    await this.task(access, taskId);
    const name = sanitizeFileName(rawName);
    const size = upload.size;
    const { contentType, thumbnail } = await inspect(upload, name);
    await this.assertWithinQuota(this.deps.db, user.id, size);
    const token = randomToken(24);
    const extension = EXTENSIONS[contentType] ?? (contentType.startsWith('text/') ? 'txt' : 'bin');
    const storageKey = `${FOLDER}/${token}.${extension}`;
    const thumbnailKey = thumbnail ? `${FOLDER}/${token}_thumb.webp` : null;
    try {
      await this.deps.storage.putStream(storageKey, upload.stream(), size);
      if (thumbnail && thumbnailKey) await this.deps.storage.put(thumbnailKey, thumbnail);
    } catch (error) {
      await this.removeFiles(thumbnailKey ? [storageKey, thumbnailKey] : [storageKey]);
      throw error;
    }
    try {
      const row = await transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
        await repo.lockUploader(trx, user.id);
        await this.assertWithinQuota(trx, user.id, size);
        const inserted = await repo.insertAttachment(trx, {
          task_id: taskId,
          user_id: user.id,
          name,
          content_type: contentType,
          size,
          storage_key: storageKey,
          thumbnail_key: thumbnailKey,
          created_at: this.deps.clock.now().toISOString(),
        });
        events.push(await taskCardChanged(trx, taskId));
        return inserted;
      });
      return this.toAttachment(row);
    } catch (error) {
      await this.removeFiles(thumbnailKey ? [storageKey, thumbnailKey] : [storageKey]);
      throw error;
    }
  }

  async remove(access: ProjectAccess, id: number): Promise<void> {
    const row = await repo.findAttachment(this.deps.db, access.project.id, id);
    if (!row) throw new AppError('NOT_FOUND');
    await transactWithEvents(this.deps.db, this.deps.realtime, async (trx, events) => {
      await repo.deleteAttachment(trx, row.id);
      events.push(await taskCardChanged(trx, row.task_id));
    });
    await this.removeFiles(row.thumbnail_key ? [row.storage_key, row.thumbnail_key] : [row.storage_key]);
  }

  /**
   * A file behind a signed link; null (404) when the link is expired, forged or unknown. A file (not
   * a thumbnail, which is shown inline) may be answered by the bucket itself through a pre-signed URL.
   */
  async read(fileKey: string, expires: unknown, signature: unknown): Promise<StoredFile | null> {
    if (!FILE_KEY_PATTERN.test(fileKey)) return null;
    const now = Math.floor(this.deps.clock.now().getTime() / 1000);
    if (!verifySignature(this.deps.secretKey, fileKey, expires, signature, now)) return null;
    const storageKey = `${FOLDER}/${fileKey}`;
    const row = await repo.findByStorageKey(this.deps.db, storageKey);
    if (!row) return null;
    const isThumbnail = row.thumbnail_key === storageKey;
    const info = { name: row.name, isThumbnail, contentType: isThumbnail ? 'image/webp' : row.content_type };
    if (!isThumbnail) {
      const redirectTo = await this.deps.storage.downloadUrl(storageKey, {
        filename: row.name,
        contentType: row.content_type,
        expiresInS: PRESIGNED_LIFETIME_S,
      });
      if (redirectTo) return { ...info, redirectTo };
    }
    const stored = await this.deps.storage.getStream(storageKey);
    return stored ? { ...info, ...stored } : null;
  }

  /** Keys to delete after a cascade: read inside the deleting transaction, before the delete. */
  storedKeys(db: Db, scope: repo.AttachmentScope): Promise<string[]> {
    return repo.storedKeys(db, scope);
  }

  /** Best effort, after commit: a file left behind is garbage, never a dangling row. */
  async removeFiles(keys: string[]): Promise<void> {
    await Promise.allSettled(keys.map((key) => this.deps.storage.delete(key)));
  }

  private toAttachment(row: AttachmentRow): Attachment {
    const expires = Math.floor((this.deps.clock.now().getTime() + URL_LIFETIME_MS) / 1000);
    const link = (key: string) =>
      signPath(this.deps.secretKey, ATTACHMENT_URL_PREFIX, key.slice(FOLDER.length + 1), expires);
    return {
      id: row.id,
      name: row.name,
      content_type: row.content_type,
      size: Number(row.size),
      created_at: row.created_at,
      task_id: row.task_id,
      user_id: row.user_id,
      url: link(row.storage_key),
      thumbnail_url: row.thumbnail_key ? link(row.thumbnail_key) : null,
    };
  }

  /** UPLOAD_QUOTA_EXCEEDED (413, naming the quota) when the file does not fit the user's quota. */
  private async assertWithinQuota(db: Db, userId: number, bytes: number): Promise<void> {
    const used = await repo.uploadedBytes(db, userId);
    if (used + bytes > this.deps.quotaBytes) {
      throw new AppError('UPLOAD_QUOTA_EXCEEDED', undefined, { quota: byteSize(this.deps.quotaBytes) });
    }
  }

  private async task(access: ProjectAccess, taskId: number): Promise<void> {
    await requireTask(this.deps.db, access.project.id, taskId);
  }
}

/**
 * The type the bytes prove, and an image's thumbnail, from the spooled file: a PDF or an image is
 * judged without reading it into memory (its header, then a thumbnail sharp makes from the path);
 * text and office documents are read whole, a couple at a time in the process (sniffUploadFile).
 */
async function inspect(upload: SpooledUpload, name: string): Promise<InspectedUpload> {
  const sniffed = await sniffUploadFile(upload.file, name, () => upload.readAll());
  if ('refused' in sniffed) throw new AppError(sniffed.refused, undefined, sniffed.params);
  // A header can declare billions of pixels in a few bytes: refused before anything is decoded.
  if (sniffed.image) assertPixelsWithinCap(sniffed.image);
  const thumbnail = isImageType(sniffed.contentType) ? await makeThumbnail(upload.file) : null;
  return { contentType: sniffed.contentType, thumbnail };
}

/** A 256px WebP preview, decoded by libvips from the file; an image sharp cannot decode has none. */
async function makeThumbnail(file: string): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    return await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}

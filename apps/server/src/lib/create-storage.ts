import type { Config } from '../config.js';
import { LocalDiskStorage, type Storage } from './storage.js';

/**
 * The bucket when S3_BUCKET is set, DATA_DIR/files otherwise. The AWS SDK (~3 MB of heap) is
 * loaded only for a bucket: a server that keeps its files on disk never pays for it.
 */
export async function createStorage(config: Pick<Config, 'objectStorage' | 'filesDir'>): Promise<Storage> {
  if (!config.objectStorage) return new LocalDiskStorage(config.filesDir);
  const { S3Storage } = await import('./s3-storage.js');
  return new S3Storage(config.objectStorage);
}

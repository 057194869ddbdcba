import type { Config } from '../config.js';
import { S3Storage } from './s3-storage.js';
import { LocalDiskStorage, type Storage } from './storage.js';

/** The bucket when S3_BUCKET is set, DATA_DIR/files otherwise. */
export function createStorage(config: Pick<Config, 'objectStorage' | 'filesDir'>): Storage {
  return config.objectStorage ? new S3Storage(config.objectStorage) : new LocalDiskStorage(config.filesDir);
}

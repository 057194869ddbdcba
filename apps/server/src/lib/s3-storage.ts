import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { contentDisposition } from './file-type.js';
import { isValidStorageKey, type DownloadUrlOptions, type Storage, type StoredStream } from './storage.js';

/** The S3_* settings (docs/object-storage.md). */
export interface ObjectStorageConfig {
  /** Omitted for AWS itself (the SDK derives it from the region). */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, Ceph, Garage usually need it). */
  forcePathStyle: boolean;
  /** Downloads answered with a redirect to a pre-signed URL instead of streamed through the app. */
  presignedDownloads: boolean;
}

/**
 * A body of unknown length goes up in parts of 8 MB, two at a time, which the SDK holds in memory
 * (~24 MB per upload). A known length up to S3's single-PUT maximum streams in one PUT instead and
 * holds nothing: 20 concurrent 25 MB uploads took 554 MB over idle in parts, and none this way.
 */
const PART_SIZE = 8 * 1024 * 1024;
const UPLOAD_QUEUE = 2;
const SINGLE_PUT_MAX_BYTES = 5 * 1024 ** 3;

function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error instanceof NoSuchKey || status === 404 || (error as Error).name === 'NotFound';
}

/** Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage, R2) through the AWS SDK. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly config: ObjectStorageConfig) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      // The SDK's default CRC checksums send streamed bodies aws-chunked with a trailer, which
      // S3-compatible stores (MinIO before 2025, Ceph, Garage, s3rver) store as-is or refuse.
      ...(config.endpoint
        ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {}),
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
  }

  get presignedDownloads(): boolean {
    return this.config.presignedDownloads;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key), Body: data }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const stored = await this.getStream(key);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** A known size streams in one PUT; an unknown one (or over 5 GB) as a multipart upload. */
  async putStream(key: string, body: Readable, size?: number): Promise<void> {
    const params = { Bucket: this.config.bucket, Key: this.keyOf(key), Body: body };
    if (size !== undefined && size <= SINGLE_PUT_MAX_BYTES) {
      await this.client.send(new PutObjectCommand({ ...params, ContentLength: size }));
      return;
    }
    await new Upload({ client: this.client, params, partSize: PART_SIZE, queueSize: UPLOAD_QUEUE }).done();
  }

  async getStream(key: string): Promise<StoredStream | null> {
    try {
      const response = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }),
      );
      return { body: response.Body as Readable, size: Number(response.ContentLength ?? 0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** The bucket answers with our Content-Type and an attachment Content-Disposition. */
  async downloadUrl(key: string, options: DownloadUrlOptions): Promise<string | null> {
    if (!this.config.presignedDownloads) return null;
    const command = new GetObjectCommand({
      Bucket: this.config.bucket,
      Key: this.keyOf(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: contentDisposition('attachment', options.filename),
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInS });
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }));
  }

  /** The bucket exists and our keys may reach it. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
  }

  /** Closes the SDK's keep-alive sockets. */
  close(): void {
    this.client.destroy();
  }

  private keyOf(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return key;
  }
}

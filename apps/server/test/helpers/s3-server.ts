import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver accepts any keys whose signature matches; these are what the app signs with. */
const KEY = 'S3RVER';

export interface S3TestServer {
  /** The S3_* settings that point the app at this server. */
  env(bucket: string, extra?: Record<string, string>): Record<string, string>;
  /** Keys stored in a bucket, sorted. */
  keys(bucket: string): Promise<string[]>;
  read(bucket: string, key: string): Promise<Buffer>;
  remove(bucket: string, key: string): Promise<void>;
  close(): Promise<void>;
}

/** An S3-protocol server on loopback (port 0) over a temporary folder, with the given buckets. */
export async function startS3Server(buckets: string[]): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'teamboard-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  return {
    env: (bucket, extra = {}) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: '1',
      ...extra,
    }),
    async keys(bucket) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async read(bucket, key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async remove(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

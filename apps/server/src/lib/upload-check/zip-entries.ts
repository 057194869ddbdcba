import { crc32, createInflateRaw } from 'node:zlib';
import type { ZipEntry } from './zip-directory.js';

interface Inflated {
  size: number;
  crc32: number;
  content: Buffer | null;
}

/**
 * Inflates a deflate stream without ever producing more than `limit` bytes: a stream that would is
 * abandoned at the first chunk past it (null), as is one that is corrupt or cut short. The first
 * `keep` bytes of what it unpacks are returned.
 */
function inflateWithin(compressed: Buffer, limit: number, keep: number): Promise<Inflated | null> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw();
    const chunks: Buffer[] = [];
    let size = 0;
    let kept = 0;
    let checksum = 0;
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflater.destroy();
        resolve(null);
        return;
      }
      checksum = crc32(chunk, checksum);
      if (kept < keep) {
        chunks.push(chunk.subarray(0, keep - kept));
        kept += Math.min(chunk.length, keep - kept);
      }
    });
    inflater.on('error', () => resolve(null));
    inflater.on('end', () =>
      resolve({ size, crc32: checksum, content: keep > 0 ? Buffer.concat(chunks) : null }),
    );
    inflater.end(compressed);
  });
}

function unpack(data: Buffer, entry: ZipEntry, keep: number): Promise<Inflated | null> {
  const bytes = data.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  if (entry.method === 8) return inflateWithin(bytes, entry.uncompressedSize, keep);
  const content = keep > 0 ? bytes.subarray(0, keep) : null;
  return Promise.resolve({ size: bytes.length, crc32: crc32(bytes), content });
}

/**
 * Proves what the directory declares: every entry unpacks to exactly its declared size (never more:
 * inflation stops there, so a lying size cannot hide a bomb) with its declared CRC-32. Returns, by
 * entry name, the first `keep(entry)` bytes of each entry (all of a small XML part to read, the head
 * of a media part to sniff), or null when any entry is not what it claims.
 */
export async function unpackVerified(
  data: Buffer,
  entries: ZipEntry[],
  keep: (entry: ZipEntry) => number,
): Promise<Map<string, Buffer> | null> {
  const kept = new Map<string, Buffer>();
  for (const entry of entries) {
    const unpacked = await unpack(data, entry, keep(entry));
    if (!unpacked || unpacked.size !== entry.uncompressedSize || unpacked.crc32 !== entry.crc32) return null;
    if (unpacked.content) kept.set(entry.name, unpacked.content);
  }
  return kept;
}

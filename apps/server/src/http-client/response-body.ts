import type { IncomingMessage } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { OutboundError } from './types.js';

export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * Reads the (decoded) body, giving up as soon as it passes `maxBytes`: a Content-Length above the cap
 * fails before a byte is read, and a compressed body is counted after decompression, so a small
 * gzip bomb cannot grow past the cap in memory either.
 */
export async function readCappedBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const announced = Number(res.headers['content-length']);
  if (announced > maxBytes) {
    res.destroy();
    throw tooLarge(maxBytes);
  }

  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of decoded(res) as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
  } finally {
    // Leaving the loop early destroys the decoder; the socket goes too (the client never reuses one).
    if (!res.complete || size > maxBytes) res.destroy();
  }
  return Buffer.concat(chunks, size);
}

function decoded(res: IncomingMessage): Readable {
  const decoder = createDecoder(res.headers['content-encoding']);
  if (!decoder) return res;
  // pipeline, not pipe: an aborted response must fail the decoder too, or the read would hang.
  pipeline(res, decoder, () => undefined);
  return decoder;
}

function createDecoder(
  header: string | undefined,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  // Lenient flushing, as browsers do: a body cut short after its last complete block still decodes.
  const lenient = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  switch ((header ?? '').trim().toLowerCase()) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip(lenient);
    case 'deflate':
      return zlib.createInflate(lenient);
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    default:
      throw new OutboundError('NETWORK', 'The answer uses a content encoding the client cannot read.');
  }
}

function tooLarge(maxBytes: number): OutboundError {
  return new OutboundError('TOO_LARGE', `The answer is larger than ${maxBytes} bytes.`);
}

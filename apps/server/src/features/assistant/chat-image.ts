import { ASSISTANT_IMAGE_FORMATS, ASSISTANT_IMAGE_MAX_BYTES } from '@teamboard/contract';
import { AppError, byteSize } from '../../lib/app-error.js';
import { loadFileType } from '../../lib/file-type.js';
import type { ChatImage } from './engines/engine.js';

const MEDIA_TYPES = new Set<ChatImage['mediaType']>(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const DATA_URL = /^data:[^;,]*;base64,/;

/**
 * An uploaded chat image: jpeg, png, gif or webp by its name AND its bytes, else the SPEC's
 * "Image format not allowed" listing the formats (415); at most ASSISTANT_IMAGE_MAX_BYTES.
 */
export async function decodeChatImage(image: { base64: string; extension: string }): Promise<ChatImage> {
  const extension = image.extension.toLowerCase().replace(/^\./, '').replace(/^jpg$/, 'jpeg');
  if (!(ASSISTANT_IMAGE_FORMATS as readonly string[]).includes(extension)) {
    throw new AppError('IMAGE_FORMAT_NOT_ALLOWED');
  }
  const base64 = image.base64.replace(DATA_URL, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new AppError('IMAGE_FORMAT_NOT_ALLOWED');
  if ((base64.length * 3) / 4 > ASSISTANT_IMAGE_MAX_BYTES + 3) {
    throw new AppError('FILE_TOO_LARGE', undefined, { max: byteSize(ASSISTANT_IMAGE_MAX_BYTES) });
  }
  const bytes = Buffer.from(base64, 'base64');
  const sniffed = await (await loadFileType()).fileTypeFromBuffer(bytes);
  const mediaType = sniffed?.mime as ChatImage['mediaType'] | undefined;
  if (!mediaType || !MEDIA_TYPES.has(mediaType)) throw new AppError('IMAGE_FORMAT_NOT_ALLOWED');
  return { bytes, mediaType };
}

export function toDataUrl(image: ChatImage): string {
  return `data:${image.mediaType};base64,${image.bytes.toString('base64')}`;
}

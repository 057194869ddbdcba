import type { ErrorCode } from '@teamboard/contract';
import type { FileTypeResult } from 'file-type';
import { createConcurrencyLimit } from './concurrency-limit.js';
import { loadOnFirstUse } from './load-on-first-use.js';
import { readImageHeader, type ImageHeader } from './sharp.js';
import { hasDangerousExtension } from './upload-check/dangerous-names.js';
import { isOfficeExtension, officeDocumentVerdict } from './upload-check/office-document.js';
import { carriesMarkup, carriesOutsideLink, decodeText } from './upload-check/plain-text.js';
import {
  acceptedTextExtensions,
  isMarkdownExtension,
  isTextExtension,
  textContentType,
} from './upload-check/text-extensions.js';

/*
 * The type of an uploaded file, decided by its bytes, never by the declared Content-Type; the name
 * only chooses among the types the bytes allow (which office document, which kind of text) and can
 * get a file refused. Anything not listed is refused.
 */

/** file-type and its parsers (~0.6 MB of heap) are loaded on the first file, not at start. */
export const loadFileType = loadOnFirstUse(() => import('file-type'));

/** What file-type names them, and the format sharp must then read in the header. */
const IMAGE_FORMATS = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpeg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);
/** file-type's answers for a ZIP it could or could not tell apart: all are judged as office documents. */
const ZIP_KINDS = new Set(['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp']);

export interface SniffedUpload {
  /** The content type to store and serve. */
  contentType: string;
  /** For an image, its header, read without decoding (the pixel cap is checked from it). */
  image: ImageHeader | null;
}

/**
 * Why a file is refused, as the error the API answers with: a type not allowed (the default), a
 * text file under a name not on the text allowlist (the message lists the accepted ones), or an
 * office document holding active content (the message says what to remove).
 */
export interface UploadRefusal {
  refused: Extract<
    ErrorCode,
    'FILE_TYPE_NOT_ALLOWED' | 'TEXT_EXTENSION_NOT_ALLOWED' | 'DOCUMENT_CONTENT_NOT_ALLOWED'
  >;
  params?: Record<string, string>;
}

export type UploadVerdict = SniffedUpload | UploadRefusal;

const NOT_ALLOWED: UploadRefusal = { refused: 'FILE_TYPE_NOT_ALLOWED' };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * file-type reads magic numbers (and inside ZIPs) for us. A parser failure on hostile bytes means
 * "not recognised": the bytes then still have to pass as plain text, which binary data never does.
 */
async function recognise(data: Buffer): Promise<FileTypeResult | undefined> {
  // Outside the try: a module that failed to load is the server's fault (a 500 in the log), not the file's.
  const { fileTypeFromBuffer } = await loadFileType();
  try {
    return await fileTypeFromBuffer(data);
  } catch {
    return undefined;
  }
}

/** An image is what sharp can read a header of, in the format file-type saw. */
async function asImage(data: Buffer, mime: string): Promise<SniffedUpload | null> {
  const header = await readImageHeader(data);
  return header?.format === IMAGE_FORMATS.get(mime) ? { contentType: mime, image: header } : null;
}

/**
 * A ZIP is never text, and a name ending in .docx (…) is never anything else: either way the bytes
 * prove to be the office document the name says, or the file is refused.
 */
async function asOfficeDocument(data: Buffer, extension: string): Promise<UploadVerdict> {
  const verdict = await officeDocumentVerdict(data, extension);
  if ('contentType' in verdict) return { contentType: verdict.contentType, image: null };
  return verdict.refused === 'active-content' ? { refused: 'DOCUMENT_CONTENT_NOT_ALLOWED' } : NOT_ALLOWED;
}

/** UTF-8 text with no markup anywhere in it (else not allowed), under a name on the text allowlist. */
function asText(data: Buffer, extension: string): UploadVerdict {
  const text = decodeText(data);
  if (text === null || carriesMarkup(text)) return NOT_ALLOWED;
  if (isMarkdownExtension(extension) && carriesOutsideLink(text)) return NOT_ALLOWED;
  if (isTextExtension(extension)) return { contentType: textContentType(extension), image: null };
  return { refused: 'TEXT_EXTENSION_NOT_ALLOWED', params: { extensions: acceptedTextExtensions() } };
}

/**
 * The type to store and serve, or why the file is refused: a dangerous name whatever the bytes; an
 * office document that proves to be one, with no active content; an image sharp can read; a PDF;
 * otherwise UTF-8 text with no markup anywhere in it, under a text name. Bytes that only start like
 * an image (`GIF8`, a cut header) are judged as text, which binary data never passes.
 */
export async function sniffUpload(data: Buffer, name: string): Promise<UploadVerdict> {
  if (hasDangerousExtension(name)) return NOT_ALLOWED;
  const found = await recognise(data);
  const extension = extensionOf(name);
  if ((found && ZIP_KINDS.has(found.ext)) || isOfficeExtension(extension)) {
    return asOfficeDocument(data, extension);
  }
  if (found?.mime === 'application/pdf') return { contentType: found.mime, image: null };
  const image = found && IMAGE_FORMATS.has(found.mime) ? await asImage(data, found.mime) : null;
  return image ?? asText(data, extension);
}

/**
 * How many uploads may be read whole into memory at once, across the process: text and office
 * documents are judged on all their bytes, so each such check holds the file (and, for text, its
 * decoded string). Others wait their turn, which bounds that memory by about this many times
 * ATTACHMENT_MAX_BYTES however many uploads arrive together.
 */
export const WHOLE_FILE_CHECKS_AT_ONCE = 2;
const wholeFileCheck = createConcurrencyLimit(WHOLE_FILE_CHECKS_AT_ONCE);

/** file-type on a file reads only the bytes its rules look at; unreadable counts as unrecognised. */
async function recogniseFile(file: string): Promise<FileTypeResult | undefined> {
  const { fileTypeFromFile } = await loadFileType();
  try {
    return await fileTypeFromFile(file);
  } catch {
    return undefined;
  }
}

/** A PDF, or an image whose header sharp reads from the file: decided without reading the file whole. */
async function fromFileAlone(file: string, name: string): Promise<SniffedUpload | null> {
  const extension = extensionOf(name);
  const found = await recogniseFile(file);
  if (!found || ZIP_KINDS.has(found.ext) || isOfficeExtension(extension)) return null;
  if (found.mime === 'application/pdf') return { contentType: found.mime, image: null };
  const format = IMAGE_FORMATS.get(found.mime);
  const header = format ? await readImageHeader(file) : null;
  return header && header.format === format ? { contentType: found.mime, image: header } : null;
}

/**
 * sniffUpload for a file on disk, with the same decisions. PDFs and images (the usual large
 * uploads) are decided from the file (magic numbers, then the image header) and never read into
 * memory. Everything else (office documents, text, bytes that only start like an image) is read
 * whole and judged by sniffUpload, at most WHOLE_FILE_CHECKS_AT_ONCE at a time in the process.
 */
export async function sniffUploadFile(
  file: string,
  name: string,
  readWhole: () => Promise<Buffer>,
): Promise<UploadVerdict> {
  if (hasDangerousExtension(name)) return NOT_ALLOWED;
  const decided = await fromFileAlone(file, name);
  return decided ?? wholeFileCheck(async () => sniffUpload(await readWhole(), name));
}

export function isImageType(contentType: string): boolean {
  return IMAGE_FORMATS.has(contentType);
}

export const FILE_NAME_MAX_LENGTH = 200;

/** C0/C1 controls and the bidirectional overrides that can disguise an extension. */
function isControl(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** Slashes, and the look-alikes (division, fraction, fullwidth, big solidus) a viewer may read as one. */
const SEPARATORS = /[/\\\u2044\u2215\u29f8\u29f9\uff0f\uff3c]/;
/** Leading dots (hidden files, `..`), and their one-dot, two-dot, ellipsis and fullwidth look-alikes. */
const LEADING_DOTS = /^[.\u2024\u2025\u2026\uff0e]+/;

/** The last path segment, without control characters, at most 200 characters (extension kept). */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(SEPARATORS).pop() ?? '';
  let name = [...base.normalize('NFC')]
    .filter((char) => !isControl(char.codePointAt(0) ?? 0))
    .join('')
    .trim();
  name = name.replace(LEADING_DOTS, '').trim();
  if (name.length === 0) name = 'file';
  if (name.length > FILE_NAME_MAX_LENGTH) {
    const extension = extensionOf(name);
    const suffix = extension && extension.length < 20 ? `.${extension}` : '';
    name = name.slice(0, FILE_NAME_MAX_LENGTH - suffix.length) + suffix;
  }
  return name;
}

/** `attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266 / RFC 5987). */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

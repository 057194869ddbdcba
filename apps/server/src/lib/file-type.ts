/**
 * The type of an uploaded file, decided by its bytes (magic numbers), never by the name or the
 * declared Content-Type. Anything not listed is refused; SVG and HTML (script carriers) always are.
 */
const OFFICE_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

const TEXT_TYPES: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
};

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Markup a browser could execute, even when served as text: refused outright. */
const MARKUP = /<\s*(!doctype\s+html|html|svg|script|iframe|body|head|\?xml)\b/i;
const MARKUP_EXTENSIONS = new Set(['html', 'htm', 'xhtml', 'svg', 'svgz', 'xml', 'shtml', 'mht']);

function startsWith(data: Buffer, bytes: number[] | string, offset = 0): boolean {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return (
    data.length >= offset + expected.length &&
    data.subarray(offset, offset + expected.length).equals(expected)
  );
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** The content type to store and serve, or null when the file is not allowed. */
export function sniffContentType(data: Buffer, name: string): string | null {
  const extension = extensionOf(name);
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, 'GIF87a') || startsWith(data, 'GIF89a')) return 'image/gif';
  if (startsWith(data, 'RIFF') && startsWith(data, 'WEBP', 8)) return 'image/webp';
  if (startsWith(data, '%PDF-')) return 'application/pdf';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return OFFICE_TYPES[extension] ?? null;
  if (data.length === 0 || MARKUP_EXTENSIONS.has(extension) || !isUtf8Text(data)) return null;
  if (MARKUP.test(data.subarray(0, 4096).toString('utf8'))) return null;
  return `${TEXT_TYPES[extension] ?? 'text/plain'}; charset=utf-8`;
}

export function isImageType(contentType: string): boolean {
  return IMAGE_TYPES.has(contentType);
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

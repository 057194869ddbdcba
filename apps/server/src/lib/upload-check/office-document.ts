import { isDangerousEntryName } from './dangerous-names.js';
import { readZipDirectory, type ZipEntry } from './zip-directory.js';
import { unpackVerified } from './zip-entries.js';

/** Office documents are ZIP archives; the name's extension says which kind it must prove to be. */
const OFFICE_TYPES = new Map([
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['odt', 'application/vnd.oasis.opendocument.text'],
  ['ods', 'application/vnd.oasis.opendocument.spreadsheet'],
  ['odp', 'application/vnd.oasis.opendocument.presentation'],
]);

/**
 * The content type an OOXML package's `[Content_Types].xml` gives its main part. A macro-enabled
 * document or a template renamed to .docx declares another one, and is refused.
 */
const OOXML_MAIN_PART = new Map([
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'],
]);
const OOXML_MANIFEST = '[Content_Types].xml';
/** ODF: a `mimetype` entry holding exactly the document's media type. */
const ODF_MANIFEST = 'mimetype';
const MANIFEST_MAX_BYTES = 1024 * 1024;
/** A large deck has a few thousand parts; each one costs an inflation to prove. */
const MAX_ENTRIES = 10_000;

/** Zip bombs: what an archive may unpack to, in total and per byte uploaded. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const MAX_EXPANSION_RATIO = 100;
/** Below a megabyte unpacked nothing is a bomb, however well small, repetitive XML compresses. */
const EXPANSION_FLOOR_BYTES = 1024 * 1024;

/** A name that claims an office document: its bytes must prove to be one, or it is refused. */
export function isOfficeExtension(extension: string): boolean {
  return OFFICE_TYPES.has(extension);
}

function withinExpansionCap(entries: ZipEntry[], archiveBytes: number): boolean {
  const unpacked = entries.reduce((total, entry) => total + entry.uncompressedSize, 0);
  if (unpacked > MAX_UNPACKED_BYTES) return false;
  return unpacked <= EXPANSION_FLOOR_BYTES || unpacked <= archiveBytes * MAX_EXPANSION_RATIO;
}

function declaresKind(extension: string, manifest: Buffer): boolean {
  const text = manifest.toString('utf8');
  const mainPart = OOXML_MAIN_PART.get(extension)?.toLowerCase();
  if (!mainPart) return text.trim() === OFFICE_TYPES.get(extension);
  const lower = text.toLowerCase();
  return lower.includes(`"${mainPart}"`) || lower.includes(`'${mainPart}'`);
}

/**
 * The office document type for bytes and a name's extension, or null: the bytes must be a
 * well-formed ZIP (zip-directory.ts) holding the manifest of that kind, no entry a browser or an
 * operating system would run (HTML, SVG, scripts, executables), within the unpacking caps, and
 * every entry must unpack to exactly what the directory declares.
 */
export async function officeDocumentType(data: Buffer, extension: string): Promise<string | null> {
  const contentType = OFFICE_TYPES.get(extension);
  const entries = contentType ? readZipDirectory(data) : null;
  if (!contentType || !entries || entries.length > MAX_ENTRIES) return null;
  if (entries.some((entry) => isDangerousEntryName(entry.name))) return null;
  if (!withinExpansionCap(entries, data.length)) return null;
  const manifestName = OOXML_MAIN_PART.has(extension) ? OOXML_MANIFEST : ODF_MANIFEST;
  const manifest = entries.find((entry) => entry.name === manifestName);
  if (!manifest || manifest.uncompressedSize > MANIFEST_MAX_BYTES) return null;
  const unpacked = await unpackVerified(data, entries, (entry) => entry === manifest);
  const manifestBytes = unpacked?.get(manifestName);
  return manifestBytes && declaresKind(extension, manifestBytes) ? contentType : null;
}

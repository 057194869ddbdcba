import { isDangerousEntryName } from './dangerous-names.js';
import {
  isMacroEntry,
  isOdfXmlPart,
  manifestIsSafe,
  ODF_MANIFEST_PART,
  odfPartIsSafe,
} from './odf-package.js';
import {
  CONTENT_TYPES_PART,
  contentTypesAreSafe,
  declaredContentTypes,
  isRelationshipsPart,
  relationshipsAreSafe,
} from './ooxml-package.js';
import { PART_HEAD_BYTES, partBytesMatchName } from './part-bytes.js';
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
/** ODF: a `mimetype` entry holding exactly the document's media type. */
const ODF_MIMETYPE_PART = 'mimetype';
/** The parts read whole (content types, relationships, ODF XML) are judged in memory: capped. */
const OOXML_PART_READ_MAX_BYTES = 1024 * 1024;
const ODF_PART_READ_MAX_BYTES = 16 * 1024 * 1024;
const READ_MAX_BYTES = 32 * 1024 * 1024;
/** A large deck has a few thousand parts; each one costs an inflation to prove. */
const MAX_ENTRIES = 10_000;

/** Zip bombs: what an archive may unpack to, in total and per byte uploaded. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const MAX_EXPANSION_RATIO = 100;
/** Below a megabyte unpacked nothing is a bomb, however well small, repetitive XML compresses. */
const EXPANSION_FLOOR_BYTES = 1024 * 1024;

/**
 * The verdict on an office document: its content type, or why it is refused. `not-a-document`: not
 * a sound package of the kind its name says (or past a cap); `active-content`: a sound one holding
 * something that runs, renders or fetches (macros, OLE, ActiveX, HTML, SVG, an external link, a
 * disguised or nested file), which its author can remove.
 */
export type OfficeDocumentVerdict =
  { contentType: string } | { refused: 'not-a-document' | 'active-content' };

const NOT_A_DOCUMENT = { refused: 'not-a-document' } as const;
const ACTIVE_CONTENT = { refused: 'active-content' } as const;

/** A name that claims an office document: its bytes must prove to be one, or it is refused. */
export function isOfficeExtension(extension: string): boolean {
  return OFFICE_TYPES.has(extension);
}

function withinExpansionCap(entries: ZipEntry[], archiveBytes: number): boolean {
  const unpacked = entries.reduce((total, entry) => total + entry.uncompressedSize, 0);
  if (unpacked > MAX_UNPACKED_BYTES) return false;
  return unpacked <= EXPANSION_FLOOR_BYTES || unpacked <= archiveBytes * MAX_EXPANSION_RATIO;
}

/** The two package formats: which parts are read whole, how large each may be, and how they are judged. */
interface PackageRules {
  readsWhole: (name: string) => boolean;
  partReadMaxBytes: number;
  /** Every entry name allowed (ODF: no macro libraries). */
  allowsEntry: (name: string) => boolean;
  /** The package is of its kind (the manifest declares it), given the parts read whole. */
  isKind: (parts: Map<string, Buffer>) => boolean;
  /** Nothing active in the parts read whole. */
  isInert: (parts: Map<string, Buffer>) => boolean;
}

function ooxmlRules(mainPart: string): PackageRules {
  return {
    readsWhole: (name) => name === CONTENT_TYPES_PART || isRelationshipsPart(name),
    partReadMaxBytes: OOXML_PART_READ_MAX_BYTES,
    allowsEntry: () => true,
    isKind: (parts) => {
      const declared = parts.get(CONTENT_TYPES_PART);
      return declared !== undefined && declaredContentTypes(declared)?.includes(mainPart) === true;
    },
    isInert: (parts) =>
      [...parts].every(([name, bytes]) => {
        if (name === CONTENT_TYPES_PART) return contentTypesAreSafe(bytes);
        return !isRelationshipsPart(name) || relationshipsAreSafe(bytes);
      }),
  };
}

function odfRules(contentType: string): PackageRules {
  return {
    readsWhole: (name) => name === ODF_MIMETYPE_PART || isOdfXmlPart(name),
    partReadMaxBytes: ODF_PART_READ_MAX_BYTES,
    allowsEntry: (name) => !isMacroEntry(name),
    isKind: (parts) =>
      parts.get(ODF_MIMETYPE_PART)?.toString('utf8').trim() === contentType && parts.has(ODF_MANIFEST_PART),
    isInert: (parts) =>
      [...parts].every(([name, bytes]) => {
        if (name === ODF_MANIFEST_PART) return manifestIsSafe(bytes);
        return !isOdfXmlPart(name) || odfPartIsSafe(bytes);
      }),
  };
}

function rulesFor(extension: string, contentType: string): PackageRules {
  const mainPart = OOXML_MAIN_PART.get(extension);
  return mainPart ? ooxmlRules(mainPart) : odfRules(contentType);
}

/** Whether the parts to read whole fit the caps, each and together. */
function readsWithinCaps(entries: ZipEntry[], rules: PackageRules): boolean {
  let total = 0;
  for (const entry of entries) {
    if (!rules.readsWhole(entry.name)) continue;
    if (entry.uncompressedSize > rules.partReadMaxBytes) return false;
    total += entry.uncompressedSize;
  }
  return total <= READ_MAX_BYTES;
}

/**
 * The verdict on bytes named with an office extension. Refused as not a document unless the bytes
 * are a well-formed ZIP (zip-directory.ts) within the entry and unpacking caps, every entry unpacks
 * to exactly what the directory declares, and the manifest declares the kind the name says.
 * Refused for active content when an entry is named as something a browser or a system runs (HTML,
 * SVG, scripts, executables) or is a macro library; when an entry's bytes are not what its name
 * says (part-bytes.ts: media sniffed, no nested archive, no OLE file); or when the content types,
 * relationships or ODF parts declare active content or a link out of the package
 * (ooxml-package.ts, odf-package.ts).
 */
export async function officeDocumentVerdict(data: Buffer, extension: string): Promise<OfficeDocumentVerdict> {
  const contentType = OFFICE_TYPES.get(extension);
  const entries = contentType ? readZipDirectory(data) : null;
  if (!contentType || !entries || entries.length > MAX_ENTRIES) return NOT_A_DOCUMENT;
  if (!withinExpansionCap(entries, data.length)) return NOT_A_DOCUMENT;
  const rules = rulesFor(extension, contentType);
  if (!readsWithinCaps(entries, rules)) return NOT_A_DOCUMENT;
  const kept = await unpackVerified(data, entries, (entry) =>
    rules.readsWhole(entry.name) ? entry.uncompressedSize : PART_HEAD_BYTES,
  );
  if (!kept) return NOT_A_DOCUMENT;
  const parts = new Map([...kept].filter(([name]) => rules.readsWhole(name)));
  if (!rules.isKind(parts)) return NOT_A_DOCUMENT;
  const entriesInert = entries.every(
    (entry) =>
      !isDangerousEntryName(entry.name) &&
      rules.allowsEntry(entry.name) &&
      partBytesMatchName(entry.name, kept.get(entry.name) ?? Buffer.alloc(0)),
  );
  return entriesInert && rules.isInert(parts) ? { contentType } : ACTIVE_CONTENT;
}

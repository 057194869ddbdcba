import { isDangerousEntryName } from './dangerous-names.js';
import {
  EMBEDDED_PACKAGE_MAX_BYTES,
  embeddedPackageKind,
  isEmbeddedPackageName,
  MAX_EMBEDDING_DEPTH,
} from './embedded-package.js';
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
  declaredContentTypeOf,
  declaredContentTypes,
  embeddedPackageTargets,
  isRelationshipsPart,
  OOXML_PACKAGE_TYPES,
  relationshipsAreSafe,
} from './ooxml-package.js';
import { PART_HEAD_BYTES, partBytesMatchName } from './part-bytes.js';
import { readZipDirectory, type ZipEntry } from './zip-directory.js';
import { unpackVerified } from './zip-entries.js';

/** Office documents are ZIP archives; the name's extension says which kind it must prove to be. */
const OFFICE_TYPES = new Map([
  ...OOXML_PACKAGE_TYPES,
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
/** A large deck has a few thousand parts; each one costs an inflation to prove (embedded packages' count too). */
const MAX_ENTRIES = 10_000;

/** Zip bombs: what an upload may unpack to, embedded packages included, in total and per byte uploaded. */
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

/**
 * What checking one upload costs, summed over the document and the packages embedded in it: an
 * embedded package's entries and unpacked bytes count against the upload's caps, not caps of its own.
 */
interface CheckBudget {
  uploadedBytes: number;
  entries: number;
  unpackedBytes: number;
}

/** Counts the archive's entries against the budget: false once the upload is past a cap. */
function spend(budget: CheckBudget, entries: ZipEntry[]): boolean {
  budget.entries += entries.length;
  budget.unpackedBytes += entries.reduce((total, entry) => total + entry.uncompressedSize, 0);
  if (budget.entries > MAX_ENTRIES || budget.unpackedBytes > MAX_UNPACKED_BYTES) return false;
  const unpacked = budget.unpackedBytes;
  return unpacked <= EXPANSION_FLOOR_BYTES || unpacked <= budget.uploadedBytes * MAX_EXPANSION_RATIO;
}

/** Where a package is checked: the upload itself (depth 0) or a package embedded in it (depth 1). */
interface CheckContext {
  depth: number;
  budget: CheckBudget;
}

/** The two package formats: which parts are read whole, how large each may be, and how they are judged. */
interface PackageRules {
  readsWhole: (name: string) => boolean;
  partReadMaxBytes: (name: string) => number;
  /** Every entry name allowed (ODF: no macro libraries). */
  allowsEntry: (name: string) => boolean;
  /** The package is of its kind (the manifest declares it), given the parts read whole. */
  isKind: (parts: Map<string, Buffer>) => boolean;
  /** Nothing active in the parts read whole. */
  isInert: (parts: Map<string, Buffer>) => boolean;
  /** The parts embedded as whole packages, by the relationships; null when one cannot be told. */
  embeddedPackages: (parts: Map<string, Buffer>) => string[] | null;
}

/** `embeds`: the package may embed others, so parts named as embedded packages are read whole to be checked. */
function ooxmlRules(mainPart: string, embeds: boolean): PackageRules {
  const isEmbedded = (name: string) => embeds && isEmbeddedPackageName(name);
  return {
    readsWhole: (name) => name === CONTENT_TYPES_PART || isRelationshipsPart(name) || isEmbedded(name),
    partReadMaxBytes: (name) => (isEmbedded(name) ? EMBEDDED_PACKAGE_MAX_BYTES : OOXML_PART_READ_MAX_BYTES),
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
    embeddedPackages: (parts) => {
      const targets = [...parts]
        .filter(([name]) => isRelationshipsPart(name))
        .map(([name, bytes]) => embeddedPackageTargets(name, bytes));
      return targets.every((found) => found !== null) ? targets.flat() : null;
    },
  };
}

function odfRules(contentType: string): PackageRules {
  return {
    readsWhole: (name) => name === ODF_MIMETYPE_PART || isOdfXmlPart(name),
    partReadMaxBytes: () => ODF_PART_READ_MAX_BYTES,
    allowsEntry: (name) => !isMacroEntry(name),
    isKind: (parts) =>
      parts.get(ODF_MIMETYPE_PART)?.toString('utf8').trim() === contentType && parts.has(ODF_MANIFEST_PART),
    isInert: (parts) =>
      [...parts].every(([name, bytes]) => {
        if (name === ODF_MANIFEST_PART) return manifestIsSafe(bytes);
        return !isOdfXmlPart(name) || odfPartIsSafe(bytes);
      }),
    // An ODF chart is a sub-document folder of the package (`Object 1/content.xml`), not an archive.
    embeddedPackages: () => [],
  };
}

function rulesFor(extension: string, contentType: string, embeds: boolean): PackageRules {
  const mainPart = OOXML_MAIN_PART.get(extension);
  return mainPart ? ooxmlRules(mainPart, embeds) : odfRules(contentType);
}

/** Whether the parts to read whole fit the caps, each and together. */
function readsWithinCaps(entries: ZipEntry[], rules: PackageRules): boolean {
  let total = 0;
  for (const entry of entries) {
    if (!rules.readsWhole(entry.name)) continue;
    if (entry.uncompressedSize > rules.partReadMaxBytes(entry.name)) return false;
    total += entry.uncompressedSize;
  }
  return total <= READ_MAX_BYTES;
}

/**
 * The entry names the relationship targets resolve to (part names compare case-insensitively);
 * null when one names no entry.
 */
function embeddedEntries(targets: string[], entries: ZipEntry[]): Set<string> | null {
  const byName = new Map(entries.map((entry) => [entry.name.toLowerCase(), entry.name]));
  const names = targets.map((target) => byName.get(target.toLowerCase()));
  return names.every((name) => name !== undefined) ? new Set(names as string[]) : null;
}

/**
 * Every embedded package passes the whole check itself, as the document kind its name says, one
 * level below this one: none is allowed past MAX_EMBEDDING_DEPTH.
 */
async function embeddedPackagesPass(
  embedded: Set<string>,
  parts: Map<string, Buffer>,
  context: CheckContext,
): Promise<boolean> {
  if (embedded.size > 0 && context.depth >= MAX_EMBEDDING_DEPTH) return false;
  const contentTypes = parts.get(CONTENT_TYPES_PART) ?? Buffer.alloc(0);
  for (const name of embedded) {
    const bytes = parts.get(name) ?? Buffer.alloc(0);
    const kind = embeddedPackageKind(name, declaredContentTypeOf(contentTypes, name), bytes);
    const inner = { ...context, depth: context.depth + 1 };
    const verdict = kind ? await packageVerdict(bytes, kind, inner) : null;
    if (!verdict || !('contentType' in verdict)) return false;
  }
  return true;
}

/**
 * The verdict on bytes named with an office extension. Refused as not a document unless the bytes
 * are a well-formed ZIP (zip-directory.ts) within the entry and unpacking caps, every entry unpacks
 * to exactly what the directory declares, and the manifest declares the kind the name says.
 * Refused for active content when an entry is named as something a browser or a system runs (HTML,
 * SVG, scripts, executables) or is a macro library; when an entry's bytes are not what its name
 * says (part-bytes.ts: media sniffed, no nested archive, no OLE file); when the content types,
 * relationships or ODF parts declare active content or a link out of the package
 * (ooxml-package.ts, odf-package.ts); or when a package embedded in it (a chart's workbook) does not
 * pass this same check, one level deep, within the same caps (embedded-package.ts).
 */
export function officeDocumentVerdict(data: Buffer, extension: string): Promise<OfficeDocumentVerdict> {
  return packageVerdict(data, extension, {
    depth: 0,
    budget: { uploadedBytes: data.length, entries: 0, unpackedBytes: 0 },
  });
}

async function packageVerdict(
  data: Buffer,
  extension: string,
  context: CheckContext,
): Promise<OfficeDocumentVerdict> {
  const contentType = OFFICE_TYPES.get(extension);
  const entries = contentType ? readZipDirectory(data) : null;
  if (!contentType || !entries || !spend(context.budget, entries)) return NOT_A_DOCUMENT;
  const rules = rulesFor(extension, contentType, context.depth < MAX_EMBEDDING_DEPTH);
  if (!readsWithinCaps(entries, rules)) return NOT_A_DOCUMENT;
  const kept = await unpackVerified(data, entries, (entry) =>
    rules.readsWhole(entry.name) ? entry.uncompressedSize : PART_HEAD_BYTES,
  );
  if (!kept) return NOT_A_DOCUMENT;
  const parts = new Map([...kept].filter(([name]) => rules.readsWhole(name)));
  if (!rules.isKind(parts)) return NOT_A_DOCUMENT;
  const targets = rules.embeddedPackages(parts);
  const embedded = targets && embeddedEntries(targets, entries);
  if (!embedded) return ACTIVE_CONTENT;
  const entriesInert = entries.every(
    (entry) =>
      !isDangerousEntryName(entry.name) &&
      rules.allowsEntry(entry.name) &&
      // An embedded package is a ZIP by design: it is judged whole, below, not by its first bytes.
      (embedded.has(entry.name) || partBytesMatchName(entry.name, kept.get(entry.name) ?? Buffer.alloc(0))),
  );
  const inert =
    entriesInert && rules.isInert(parts) && (await embeddedPackagesPass(embedded, parts, context));
  return inert ? { contentType } : ACTIVE_CONTENT;
}

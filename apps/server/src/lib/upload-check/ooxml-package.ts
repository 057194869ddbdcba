import { isActiveContentType } from './active-content.js';
import { isPackagePath, isWebLink } from './link-targets.js';
import { decodeXmlPart, everyStartTag, type StartTag } from './xml-tags.js';

/**
 * What an OOXML package (docx, xlsx, pptx) declares, read from its content types and relationship
 * parts: what Word, Excel and PowerPoint go by to load a part or follow a link.
 */
export const CONTENT_TYPES_PART = '[Content_Types].xml';

/** The OOXML packages, by extension: what a document says it is, and what it may embed. */
export const OOXML_PACKAGE_TYPES = new Map([
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
]);

/** Relationship parts: `_rels/.rels`, `word/_rels/document.xml.rels`, … */
export function isRelationshipsPart(name: string): boolean {
  return name.toLowerCase().endsWith('.rels');
}

/**
 * Relationship types (the last segment of the Type URI, lower case) that load active content:
 * macros and their signatures, OLE objects, ActiveX controls, altChunk (a
 * part imported as HTML, MHT or RTF), Excel 4 macro sheets, web add-ins, macro toolbars and keys.
 */
const ACTIVE_RELATIONSHIPS = new Set([
  'vbaproject',
  'vbaprojectsignature',
  'vbaprojectsignatureagile',
  'vbaprojectsignaturev3',
  'wordvbadata',
  'oleobject',
  'activexcontrol',
  'activexcontrolbinary',
  'control',
  'afchunk',
  'xlmacrosheet',
  'xlintlmacrosheet',
  'webextension',
  'webextensiontaskpanes',
  'attachedtoolbars',
  'keymapcustomizations',
]);

/**
 * A whole package embedded in this one (the workbook behind a chart): allowed inside the package
 * only, and only as office-document.ts proves it (an office document passing the same check).
 */
const PACKAGE_RELATIONSHIP = 'package';

function relationshipKind(tag: StartTag): string {
  return (tag.attributes.get('type') ?? '').split('/').pop()?.toLowerCase() ?? '';
}

/**
 * A relationship an office suite may follow: never to active content; to a part of the package;
 * or, outside it (TargetMode other than Internal), only as a hyperlink to a web page or a mail
 * address. So external images, frames, templates (the "remote template" attack), OLE links
 * (`mhtml:` — Follina), subdocuments and data sources are refused, as is any `file:` or UNC target.
 */
function isSafeRelationship(tag: StartTag): boolean {
  if (tag.name !== 'relationship') return true;
  const kind = relationshipKind(tag);
  const target = tag.attributes.get('target') ?? '';
  const mode = tag.attributes.get('targetmode');
  if (ACTIVE_RELATIONSHIPS.has(kind)) return false;
  if (mode === undefined || mode === 'Internal') return isPackagePath(target);
  return kind === 'hyperlink' && isWebLink(target);
}

function isDeclaration(tag: StartTag): boolean {
  return tag.name === 'default' || tag.name === 'override';
}

/** Every content type the part declares (Default and Override), lower case; null when it cannot be read. */
export function declaredContentTypes(bytes: Buffer): string[] | null {
  const text = decodeXmlPart(bytes);
  const declared: string[] = [];
  const readable =
    text !== null &&
    everyStartTag(text, (tag) => {
      const contentType = tag.attributes.get('contenttype');
      if (isDeclaration(tag) && contentType !== undefined) declared.push(contentType.toLowerCase());
      return true;
    });
  return readable ? declared : null;
}

/** The content types part declares nothing active; false too when it cannot be read. */
export function contentTypesAreSafe(bytes: Buffer): boolean {
  return declaredContentTypes(bytes)?.every((contentType) => !isActiveContentType(contentType)) === true;
}

/**
 * The content type the content types part gives a part (its Override, else the Default for its
 * extension; part names and extensions compare case-insensitively, as OPC says), lower case; null
 * when it gives none or cannot be read.
 */
export function declaredContentTypeOf(contentTypes: Buffer, partName: string): string | null {
  const text = decodeXmlPart(contentTypes);
  const wanted = `/${partName}`.toLowerCase();
  const extension = partName.slice(partName.lastIndexOf('.') + 1).toLowerCase();
  const found: { override?: string; byDefault?: string } = {};
  const readable =
    text !== null &&
    everyStartTag(text, (tag) => {
      const contentType = tag.attributes.get('contenttype')?.toLowerCase();
      if (tag.name === 'override' && tag.attributes.get('partname')?.toLowerCase() === wanted)
        found.override = contentType;
      if (tag.name === 'default' && tag.attributes.get('extension')?.toLowerCase() === extension)
        found.byDefault = contentType;
      return true;
    });
  return readable ? (found.override ?? found.byDefault ?? null) : null;
}

/** Every relationship of the part is safe; false too when the part cannot be read. */
export function relationshipsAreSafe(bytes: Buffer): boolean {
  const text = decodeXmlPart(bytes);
  return text !== null && everyStartTag(text, isSafeRelationship);
}

/**
 * The part a relationships part's target names, as a part name (`word/embeddings/a.xlsx`): relative
 * to the folder of the part the relationships belong to (`word/charts/_rels/chart1.xml.rels` →
 * `word/charts/`), or to the root when it starts with `/`; percent-escapes decoded. Null when it
 * climbs out of the package or is not a plain path.
 */
export function resolveTarget(relationshipsPart: string, target: string): string | null {
  const folder = relationshipsPart.split('/').slice(0, -2);
  if (relationshipsPart.split('/').at(-2) !== '_rels' || !isPackagePath(target)) return null;
  const resolved = target.startsWith('/') ? [] : folder;
  for (const segment of target.replace(/^\//, '').split('/')) {
    if (segment === '..' && resolved.length === 0) return null;
    if (segment === '..') resolved.pop();
    else if (segment === '') return null;
    else if (segment !== '.') resolved.push(segment);
  }
  try {
    return decodeURIComponent(resolved.join('/'));
  } catch {
    return null;
  }
}

/**
 * The parts the relationships part embeds as whole packages (`package` relationships), resolved to
 * part names; null when one cannot be resolved or the part cannot be read.
 */
export function embeddedPackageTargets(relationshipsPart: string, bytes: Buffer): string[] | null {
  const text = decodeXmlPart(bytes);
  const targets: (string | null)[] = [];
  const readable =
    text !== null &&
    everyStartTag(text, (tag) => {
      if (tag.name === 'relationship' && relationshipKind(tag) === PACKAGE_RELATIONSHIP)
        targets.push(resolveTarget(relationshipsPart, tag.attributes.get('target') ?? ''));
      return true;
    });
  return readable && targets.every((target) => target !== null) ? (targets as string[]) : null;
}

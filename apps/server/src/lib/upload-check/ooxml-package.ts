import { isActiveContentType } from './active-content.js';
import { isPackagePath, isWebLink } from './link-targets.js';
import { decodeXmlPart, everyStartTag, type StartTag } from './xml-tags.js';

/**
 * What an OOXML package (docx, xlsx, pptx) declares, read from its content types and relationship
 * parts: what Word, Excel and PowerPoint go by to load a part or follow a link.
 */
export const CONTENT_TYPES_PART = '[Content_Types].xml';

/** Relationship parts: `_rels/.rels`, `word/_rels/document.xml.rels`, … */
export function isRelationshipsPart(name: string): boolean {
  return name.toLowerCase().endsWith('.rels');
}

/**
 * Relationship types (the last segment of the Type URI, lower case) that load active content:
 * macros and their signatures, OLE objects and embedded packages, ActiveX controls, altChunk (a
 * part imported as HTML, MHT or RTF), Excel 4 macro sheets, web add-ins, macro toolbars and keys.
 */
const ACTIVE_RELATIONSHIPS = new Set([
  'vbaproject',
  'vbaprojectsignature',
  'vbaprojectsignatureagile',
  'vbaprojectsignaturev3',
  'wordvbadata',
  'oleobject',
  'package',
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

/** Every relationship of the part is safe; false too when the part cannot be read. */
export function relationshipsAreSafe(bytes: Buffer): boolean {
  const text = decodeXmlPart(bytes);
  return text !== null && everyStartTag(text, isSafeRelationship);
}

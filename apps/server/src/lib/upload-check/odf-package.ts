import { isActiveContentType } from './active-content.js';
import { compactTarget, isPackagePath, isWebLink } from './link-targets.js';
import { decodeXmlPart, everyStartTag, type StartTag } from './xml-tags.js';

/**
 * What an OpenDocument package (odt, ods, odp) holds, read from its manifest and XML parts: no
 * macros (Basic/ and Scripts/ libraries, scripts and event listeners in the content), no OLE
 * objects, DDE links, applets or plug-ins, no encrypted parts (nothing to read them by), and links
 * only to parts of the package or, from a hyperlink, to a web page or a mail address.
 */
export const ODF_MANIFEST_PART = 'META-INF/manifest.xml';

/** Macro libraries LibreOffice and OpenOffice run: Basic modules and dialogs, Python, JavaScript, BeanShell. */
const MACRO_FOLDER = /^(?:basic|scripts)\//i;

export function isMacroEntry(name: string): boolean {
  return MACRO_FOLDER.test(name);
}

/** The parts read whole: every XML part (content, styles, settings, embedded objects' own parts). */
export function isOdfXmlPart(name: string): boolean {
  return name.toLowerCase().endsWith('.xml');
}

/** Elements (local names) that run or fetch something: scripts, events, DDE, applets, plug-ins. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'event-listener',
  'execute-macro',
  'dde-source',
  'dde-connection-decl',
  'dde-link',
  'applet',
  'plugin',
]);
/** Elements that are hyperlinks a reader clicks: the only ones that may lead out of the package. */
const HYPERLINK_ELEMENTS = new Set(['a']);

function isSafeLink(tag: StartTag): boolean {
  const href = tag.attributes.get('href');
  if (href === undefined) return true;
  const compact = compactTarget(href);
  if (compact === '' || compact.startsWith('#')) return true;
  if (HYPERLINK_ELEMENTS.has(tag.name)) return isWebLink(compact);
  // A linked image, object or section: from inside the package only, never climbing out of it.
  return isPackagePath(compact) && !compact.startsWith('/') && !/(^|\/)\.\.(\/|$)/.test(compact);
}

function isSafeContentTag(tag: StartTag): boolean {
  return !ACTIVE_ELEMENTS.has(tag.name) && isSafeLink(tag);
}

function isSafeManifestTag(tag: StartTag): boolean {
  if (tag.name === 'encryption-data') return false;
  return !isActiveContentType(tag.attributes.get('media-type') ?? '');
}

/** The manifest lists nothing active or encrypted; false too when it cannot be read. */
export function manifestIsSafe(bytes: Buffer): boolean {
  const text = decodeXmlPart(bytes);
  return text !== null && everyStartTag(text, isSafeManifestTag);
}

/** An XML part holds no active element and no link out; false too when it cannot be read. */
export function odfPartIsSafe(bytes: Buffer): boolean {
  const text = decodeXmlPart(bytes);
  return text !== null && everyStartTag(text, isSafeContentTag);
}

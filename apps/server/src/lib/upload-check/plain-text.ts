import { LINK_SCHEMES, schemeOf } from './link-targets.js';

/**
 * What a file accepted as text may not carry, anywhere in it: a browser, a mail client or a
 * Markdown viewer that opens it must find nothing to render as a page or to run. Text is served as
 * text/plain with nosniff; this keeps it inert for whoever opens the download elsewhere.
 */

/** Elements that load, run or restyle something: refused even without an attribute. */
const ACTIVE_ELEMENT =
  /<\s*(?:\/\s*)?(?:[a-z][\w.-]*:)?(?:script|iframe|frame|frameset|object|embed|applet|svg|math|html|head|body|meta|link|base|style|form|portal|xml)(?![\w-])/i;
/** Declarations that turn text into an XML or HTML document (`<?xml-stylesheet`, `<!DOCTYPE`, `<!ENTITY`). */
const DOCUMENT_DECLARATION = /<\s*(?:\?\s*xml|!\s*(?:doctype|entity))/i;
/** UTF-7 for `<` (`+ADw-`): how markup once hid from filters in browsers that guessed the charset. */
const UTF7_TAG_OPEN = /\+ADw-/;
/** Any other tag, one at a time (global, so the scan stays linear however many `<` there are). */
const TAG = /<[a-z][^>]*>?/gi;
/** An event handler attribute (`onerror=`, `onload =`) after a space, a slash or a quote. */
const EVENT_HANDLER = /[\s/"'`]on[a-z]+\s*=/i;
/** Markdown link and reference targets (`](…`, `]: …`) that hold a colon or an entity: a scheme needs one. */
const MARKDOWN_TARGET = /\]\s*[(:]\s*<?([^\s)>]{0,80}?[:&][^\s)>]{0,80})/g;
/** URL schemes that run script or deliver a page. */
const SCRIPT_SCHEME =
  /(?:javascript|vbscript|livescript):|data:(?:text\/html|text\/xml|image\/svg|application\/(?:xhtml|xml|javascript))/;

/** A Markdown autolink (`<scheme:…>`): CommonMark makes a link of any scheme of 2 to 32 characters. */
const MARKDOWN_AUTOLINK = /<([a-z][a-z0-9+.-]{1,31}:[^\s<>]{0,80})/gi;

/** Character references a browser decodes inside an attribute, and the spaces and controls it skips in a URL. */
const OBFUSCATION = /&#x0*([0-9a-f]{1,6});?|&#0*(\d{1,7});?|&(colon|tab|newline);|[\s\p{Cc}]/giu;
const SKIPPED_IN_URL = /[\s\p{Cc}]/gu;

function decodeReference(_: string, hex?: string, decimal?: string, named?: string): string {
  if (hex) return String.fromCodePoint(parseInt(hex, 16) % 0x110000);
  if (decimal) return String.fromCodePoint(Number(decimal) % 0x110000);
  return named?.toLowerCase() === 'colon' ? ':' : '';
}

/** `&#106;`, `&#x6A;`, `&colon;`, tabs and newlines undone, as the browser would read the URL. */
function unobfuscated(text: string): string {
  return text.replace(OBFUSCATION, decodeReference).replace(SKIPPED_IN_URL, '').toLowerCase();
}

/** A scheme needs a colon, written out or as an entity: most text has neither and skips the decoding. */
function hasScriptScheme(fragment: string): boolean {
  return (fragment.includes(':') || fragment.includes('&')) && SCRIPT_SCHEME.test(unobfuscated(fragment));
}

function hasActiveTag(text: string): boolean {
  for (const [tag] of text.matchAll(TAG)) {
    if (EVENT_HANDLER.test(tag) || hasScriptScheme(tag)) return true;
  }
  return false;
}

function hasScriptLink(text: string): boolean {
  for (const [, target] of text.matchAll(MARKDOWN_TARGET)) {
    if (target && hasScriptScheme(target)) return true;
  }
  return false;
}

/**
 * True when a Markdown file links to anything but a web page or a mail address (link-targets.ts):
 * a viewer that renders it must find no `data:`, `file:`, `ms-msdt:`, … link to follow. Checked on
 * Markdown files only: elsewhere `[a]: b:c` is just text.
 */
export function carriesOutsideLink(text: string): boolean {
  const targets = [...text.matchAll(MARKDOWN_TARGET), ...text.matchAll(MARKDOWN_AUTOLINK)];
  return targets.some(([, target]) => {
    const scheme = target ? schemeOf(unobfuscated(target)) : null;
    return scheme !== null && !LINK_SCHEMES.has(scheme);
  });
}

/** True when the text, all of it, holds markup or a script link. */
export function carriesMarkup(text: string): boolean {
  return (
    ACTIVE_ELEMENT.test(text) ||
    DOCUMENT_DECLARATION.test(text) ||
    UTF7_TAG_OPEN.test(text) ||
    hasActiveTag(text) ||
    hasScriptLink(text)
  );
}

/** The whole file as UTF-8 text, or null when it is binary (a NUL, or bytes that are not UTF-8). */
export function decodeText(data: Buffer): string | null {
  if (data.length === 0 || data.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
}

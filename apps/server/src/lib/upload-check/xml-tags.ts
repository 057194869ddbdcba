/**
 * Just enough of an XML reader to judge a package part's start tags (OOXML relationships and
 * content types, OpenDocument manifests and content): a linear scan, no DTD, no entities but the
 * five predefined ones and character references. Anything it would have to guess at (a DTD, an
 * unclosed quote or tag, a duplicate attribute, an unknown entity, a NUL) makes the part unreadable,
 * and an unreadable part gets the document refused: the office suite must not see something we did not.
 */

export interface StartTag {
  /** Local name, lower case, prefix dropped (`w:document` → `document`). */
  name: string;
  /** By local name, lower case; values with entities and character references decoded. */
  attributes: Map<string, string>;
}

/** A part's text: UTF-8, or UTF-16 with a byte order mark (both allowed by OPC and ODF); null otherwise. */
export function decodeXmlPart(bytes: Buffer): string | null {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe)
      text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
    else if (bytes[0] === 0xfe && bytes[1] === 0xff)
      text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes);
    else text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return text.includes('\u0000') ? null : text;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(?:#x([0-9a-f]{1,6})|#(\d{1,7})|([a-z]+));/gi;
const BARE_AMPERSAND = /&(?!(?:#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);)/i;

/** An attribute value with its references decoded; null for an unknown entity or a bare `&`. */
function decodeValue(raw: string): string | null {
  if (!raw.includes('&')) return raw;
  if (BARE_AMPERSAND.test(raw)) return null;
  let unknown = false;
  const decoded = raw.replace(REFERENCE, (_, hex?: string, decimal?: string, named?: string) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16) % 0x110000);
    if (decimal) return String.fromCodePoint(Number(decimal) % 0x110000);
    const value = PREDEFINED[named ?? ''];
    if (value === undefined) unknown = true;
    return value ?? '';
  });
  return unknown ? null : decoded;
}

const NAME = /[A-Za-z_][\w.:-]*/y;
const SPACE = /\s*/y;

function localName(qualified: string): string {
  return (qualified.split(':').pop() ?? '').toLowerCase();
}

/** Reads `pattern` (sticky) at `at`; the match and where it ends, or null. */
function readAt(pattern: RegExp, text: string, at: number): { value: string; end: number } | null {
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  return match ? { value: match[0], end: pattern.lastIndex } : null;
}

/** The attributes of a tag whose name ends at `at`; where the tag ends, or null when malformed. */
function readAttributes(text: string, at: number, into: Map<string, string>): number | null {
  let position = at;
  for (;;) {
    position = readAt(SPACE, text, position)?.end ?? position;
    if (text[position] === '>') return position + 1;
    if (text.startsWith('/>', position)) return position + 2;
    const name = readAt(NAME, text, position);
    if (!name || name.end === position) return null;
    position = readAt(SPACE, text, name.end)?.end ?? name.end;
    if (text[position] !== '=') return null;
    position = readAt(SPACE, text, position + 1)?.end ?? position + 1;
    const quote = text[position];
    if (quote !== '"' && quote !== "'") return null;
    const close = text.indexOf(quote, position + 1);
    if (close < 0) return null;
    const key = localName(name.value);
    const value = decodeValue(text.slice(position + 1, close));
    // A duplicate is two answers to one question: one reader takes the first, another the last.
    if (value === null || into.has(key)) return null;
    into.set(key, value);
    position = close + 1;
  }
}

/** Where the markup starting at `at` (comment, CDATA, processing instruction, end tag) ends; null for a DTD. */
function skipOther(text: string, at: number): number | null {
  const skipTo = (terminator: string) => {
    const end = text.indexOf(terminator, at);
    return end < 0 ? null : end + terminator.length;
  };
  if (text.startsWith('<!--', at)) return skipTo('-->');
  if (text.startsWith('<![CDATA[', at)) return skipTo(']]>');
  if (text.startsWith('<?', at)) return skipTo('?>');
  if (text.startsWith('</', at)) return skipTo('>');
  return null; // <!DOCTYPE, <!ENTITY: a DTD could define what any entity means
}

/**
 * Calls `visit` with every start tag, in order, until it returns false. True when the whole text
 * was read and every tag passed; false when one did not or the text is not plain enough to read.
 */
export function everyStartTag(text: string, visit: (tag: StartTag) => boolean): boolean {
  let at = text.indexOf('<');
  while (at >= 0) {
    const name = readAt(NAME, text, at + 1);
    let end: number | null;
    if (name) {
      const attributes = new Map<string, string>();
      end = readAttributes(text, name.end, attributes);
      if (end !== null && !visit({ name: localName(name.value), attributes })) return false;
    } else {
      end = skipOther(text, at);
    }
    if (end === null) return false;
    at = text.indexOf('<', end);
  }
  return true;
}

/**
 * Extensions that make a browser render or run a file, or an operating system execute it on a
 * double click. Whatever the bytes are, a file saved under such a name by whoever downloads it
 * becomes that thing, so the name alone is enough to refuse it.
 */
const BROWSER_ACTIVE = 'htm html shtml xht xhtml mht mhtml hta htc svg svgz js mjs cjs jsx xsl xslt swf xbap';
const EXECUTABLE =
  'exe com scr pif bat cmd msi msp dll cpl jar jnlp vbs vbe jse wsf wsh wsc ps1 psm1 lnk reg inf msc ' +
  'application gadget php phtml phar asp aspx jsp cgi';

/** An uploaded file's name: XML too, since a browser applies the stylesheets it names. */
const DANGEROUS_NAME_EXTENSIONS = new Set(`${BROWSER_ACTIVE} ${EXECUTABLE} xml`.split(' '));
/** Inside an office document: XML is what the document is made of, everything else as above. */
const DANGEROUS_ENTRY_EXTENSIONS = new Set(`${BROWSER_ACTIVE} ${EXECUTABLE}`.split(' '));

/** Spaces and invisible format characters (zero-width space, joiners, bidi marks) hide nothing from us. */
const INVISIBLE = /[\s\p{Cf}]/gu;

/**
 * Every dot-separated segment after the first, as a viewer or a file system would read it:
 * compatibility forms folded (a fullwidth `．ｈｔｍｌ` is `.html`), case and invisible characters
 * dropped, and an NTFS stream suffix (`a.html::$DATA`) cut.
 */
function extensionSegments(name: string): string[] {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .split('.')
    .slice(1)
    .map((segment) => segment.replace(INVISIBLE, '').split(':')[0] ?? '');
}

/**
 * True when any extension of the name is dangerous, not only the last: `report.html.txt` is one
 * rename away from a page, and Windows drops the trailing dot of `a.html.`.
 */
export function hasDangerousExtension(name: string): boolean {
  return extensionSegments(name).some((segment) => DANGEROUS_NAME_EXTENSIONS.has(segment));
}

/** The same test for a path inside an archive (`word/media/x.svg`), judged on its last segment. */
export function isDangerousEntryName(path: string): boolean {
  const base = path.split('/').pop() ?? '';
  return extensionSegments(base).some((segment) => DANGEROUS_ENTRY_EXTENSIONS.has(segment));
}

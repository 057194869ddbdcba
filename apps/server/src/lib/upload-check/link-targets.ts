/**
 * Link targets in uploaded files, judged by one allowlist: a link may lead to a web page or a mail
 * address, nothing else. `file:`, `mhtml:` (the Follina pattern), `ms-msdt:`, `javascript:`,
 * `data:`, UNC paths (`\\host\share`, which make Windows send the user's credentials) and every
 * other scheme are refused, whatever the suite or viewer would do with them.
 */
export const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** Readers skip spaces and controls in a URL (`java\tscript:`): so do we, before judging it. */
const SKIPPED = /[\s\p{Cc}\p{Cf}]/gu;

/** The target as a reader would take it: spaces, controls and invisible characters removed. */
export function compactTarget(target: string): string {
  return target.replace(SKIPPED, '');
}

/** The scheme of a target, lower case, or null when it has none (a relative path). */
export function schemeOf(target: string): string | null {
  return SCHEME.exec(compactTarget(target))?.[1]?.toLowerCase() ?? null;
}

/** An absolute link to a web page or a mail address. */
export function isWebLink(target: string): boolean {
  const scheme = schemeOf(target);
  return scheme !== null && LINK_SCHEMES.has(scheme);
}

/**
 * A path inside the package (`media/image1.png`, `../media/x.png`, `/word/document.xml`): no scheme
 * (so no drive letter either), no backslash and no `//` that a reader could take for a UNC path or
 * another host.
 */
export function isPackagePath(target: string): boolean {
  const compact = compactTarget(target);
  return schemeOf(compact) === null && !compact.includes('\\') && !compact.startsWith('//');
}

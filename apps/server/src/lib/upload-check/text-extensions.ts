/**
 * The names a text upload may have: an allowlist, since the name is what the downloader's system
 * goes by. A shortcut (.url, .scf, .library-ms, .searchconnector-ms: they fetch from, or send
 * credentials to, another host when the folder is opened), a remote desktop file (.rdp), a theme,
 * a launcher (.desktop, .appref-ms) or a script a double click runs (.sh, .command, .py, .ps1,
 * .bat, .ws, …) is text too, and must not be handed out as such.
 *
 * Accepted: notes and data a team writes, and source code of languages a double click does not
 * run (compiled, or run only through a build tool). Every one is served as a download, as text
 * (Markdown, CSV and TSV with their own text types, the rest text/plain), with nosniff.
 */
const NOTES_AND_DATA = [
  'txt',
  'text',
  'md',
  'markdown',
  'csv',
  'tsv',
  'json',
  'log',
  'yaml',
  'yml',
  'tex',
  'bib',
];
const SOURCE_CODE = ['c', 'h', 'cpp', 'hpp', 'cs', 'java', 'kt', 'go', 'rs', 'swift', 'ts', 'tsx', 'sql'];

/** In the order the refusal message lists them. */
export const TEXT_EXTENSIONS: readonly string[] = [...NOTES_AND_DATA, ...SOURCE_CODE];
const ACCEPTED = new Set(TEXT_EXTENSIONS);

const TEXT_SUBTYPES = new Map([
  ['md', 'text/markdown'],
  ['markdown', 'text/markdown'],
  ['csv', 'text/csv'],
  ['tsv', 'text/tab-separated-values'],
]);

/** True when a text upload may end in `extension` (lower case, without the dot). */
export function isTextExtension(extension: string): boolean {
  return ACCEPTED.has(extension);
}

/** Markdown: its links are checked too (plain-text.ts, carriesOutsideLink). */
export function isMarkdownExtension(extension: string): boolean {
  return TEXT_SUBTYPES.get(extension) === 'text/markdown';
}

/** The content type a text upload is stored and served as. */
export function textContentType(extension: string): string {
  return `${TEXT_SUBTYPES.get(extension) ?? 'text/plain'}; charset=utf-8`;
}

/** `.txt, .md, …`: the accepted names, as the refusal message shows them. */
export function acceptedTextExtensions(): string {
  return TEXT_EXTENSIONS.map((extension) => `.${extension}`).join(', ');
}

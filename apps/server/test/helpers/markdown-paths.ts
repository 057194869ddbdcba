/**
 * What a Markdown page names: the repository paths in its links, code spans and text, and the
 * anchors its headings make. Pure functions over text, so that test/architecture/docs-paths.test.ts can prove on
 * a made-up page that a broken path is caught.
 */

/** A path as a page names it: `target` (a file or folder, maybe ending in `/`) and its `#anchor`. */
export interface NamedPath {
  target: string;
  anchor: string | null;
  line: number;
  /** A link's target is relative to the page; a code span's or the text's to the repository. */
  how: 'link' | 'code' | 'text';
}

/** The text a path may be made of: no spaces, no placeholders (`<domain>`, `*`, `{en,es}`, `…`). */
const PATH_TEXT = /^[\w@.-]+(?:\/[\w@.-]*)*(?:#[\w-]+)?$/u;
/** Files named by extension; a name with none of these (`owner/name`, `text/csv`) is not a path. */
const FILE_EXTENSION = /\.(?:ts|tsx|js|mjs|cjs|json|md|ya?ml|css|html|sh|sql|conf|txt|csv|svg|png)$/;
/** A path from a root folder at the start of a word in running text (`docs/x.md`, `apps/server/…`). */
function rootedInText(rootFolders: ReadonlySet<string>): RegExp {
  const roots = [...rootFolders].map((folder) => folder.replace(/[.-]/g, '\\$&')).join('|');
  return new RegExp(`(?<![\\w./@-])(?:${roots})/[\\w./@-]*[\\w/](?:#[\\w-]+)?`, 'g');
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Each line of the page with whether it sits inside a fenced code block. */
function linesOf(markdown: string): { text: string; fenced: boolean }[] {
  let fenced = false;
  return markdown.split('\n').map((text) => {
    const fence = /^\s*(```|~~~)/.test(text);
    if (fence) fenced = !fenced;
    return { text, fenced: fenced || fence };
  });
}

/** The headings' texts, in order (fenced code left out). */
function headingsOf(markdown: string): string[] {
  return linesOf(markdown)
    .filter((line) => !line.fenced)
    .map((line) => /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line.text)?.[1])
    .filter((heading): heading is string => heading !== undefined);
}

/** The anchors GitHub gives the page's headings (a repeated heading gets `-1`, `-2`…). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const heading of headingsOf(markdown)) {
    const slug = slugOf(heading);
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  }
  return anchors;
}

/** What a page may be cited by, in words: its headings and the bold leads of its paragraphs. */
export function sectionTitlesOf(markdown: string): string[] {
  const bold = [...markdown.matchAll(/\*\*([^*]+)\*\*/g)].map((match) => match[1] ?? '');
  return [...headingsOf(markdown), ...bold].map((title) => title.replace(/`/g, ''));
}

/** `path#anchor` split, with a leading `./` dropped. */
function split(text: string): { target: string; anchor: string | null } {
  const [target = '', anchor] = text.replace(/^\.\//, '').split('#');
  return { target, anchor: anchor ?? null };
}

/**
 * Whether a code span's text is a repository path: path characters only, a folder and a name
 * (`lib/x.ts`, `app/routes/`: a lone `avatars/` may as well be a storage or archive folder), and a
 * known file extension or a trailing `/`, or a root folder first (`apps/web`).
 */
function isPathLike(text: string, rootFolders: ReadonlySet<string>): boolean {
  if (!PATH_TEXT.test(text) || text.startsWith('/')) return false;
  const { target } = split(text);
  if (rootFolders.has(target.split('/')[0] ?? '')) return true;
  if (!target.replace(/\/$/, '').includes('/')) return false;
  return FILE_EXTENSION.test(target) || target.endsWith('/');
}

/** The links of one line, each target not a web address (`https:`, `mailto:`). */
function linksOf(line: string): string[] {
  return [...line.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

/**
 * Every repository path the page names: link targets, code spans that look like paths, and
 * root-folder paths in running text (fenced code included: commands name files too).
 * `rootFolders` are the repository's top-level folders (`apps`, `docs`…).
 */
export function namedPathsOf(markdown: string, rootFolders: ReadonlySet<string>): NamedPath[] {
  const named: NamedPath[] = [];
  const rooted = rootedInText(rootFolders);
  linesOf(markdown).forEach(({ text, fenced }, index) => {
    const line = index + 1;
    const add = (how: NamedPath['how'], found: string) => named.push({ ...split(found), line, how });
    let rest = text.replace(/https?:\/\/\S+/g, ' ');
    if (!fenced) {
      for (const target of linksOf(rest)) add('link', target);
      rest = rest.replace(/\]\([^)]*\)/g, '] ');
      for (const span of rest.matchAll(/`([^`]+)`/g)) {
        const code = (span[1] ?? '').trim();
        if (isPathLike(code, rootFolders)) add('code', code);
      }
      rest = rest.replace(/`[^`]*`/g, ' ');
    }
    for (const match of rest.matchAll(rooted)) add('text', match[0].replace(/\.$/, ''));
  });
  return named;
}

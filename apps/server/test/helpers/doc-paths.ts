import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { anchorsOf, namedPathsOf, sectionTitlesOf, type NamedPath } from './markdown-paths.js';

export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Folders installed, built or written at run time: a page may name them, no checkout has them. */
const NOT_IN_A_CHECKOUT = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  'data-bench',
  'coverage',
  'test-results',
  'playwright-report',
]);
/** Written at the root only by a test run (`/reports/` in .gitignore); `features/reports/` is code. */
const RUN_OUTPUT_AT_ROOT = new Set(['reports']);

/** A file or folder a checkout does not have: one of the above anywhere, or run output at the root. */
function isNotInACheckout(folder: string, name: string): boolean {
  return NOT_IN_A_CHECKOUT.has(name) || (folder === '' && RUN_OUTPUT_AT_ROOT.has(name));
}

/** The files and folders of a checkout, to look up the paths pages name. */
export class RepositoryPaths {
  /** Files as `a/b.ts`, folders as `a/b/`, relative to the root. */
  private readonly paths = new Set<string>();
  /** Every tail of those (`b.ts`, `a/b.ts`): a path named from a source root (`lib/x.ts`) is one. */
  private readonly tails = new Set<string>();
  private readonly pages = new Map<string, string>();
  readonly rootFolders = new Set<string>();

  constructor(
    readonly root: string,
    /** Pages not on disk (a test's made-up page), by path. */
    extraPages: Record<string, string> = {},
  ) {
    for (const entry of readdirSync(root, { withFileTypes: true })) {
      if (entry.isDirectory() && !isNotInACheckout('', entry.name)) this.rootFolders.add(entry.name);
    }
    this.walk('');
    for (const [page, text] of Object.entries(extraPages)) {
      this.add(page);
      this.pages.set(page, text);
    }
  }

  private add(relative: string): void {
    this.paths.add(relative);
    const parts = relative.split('/');
    for (let start = 0; start < parts.length; start++) this.tails.add(parts.slice(start).join('/'));
  }

  private walk(folder: string): void {
    for (const entry of readdirSync(path.join(this.root, folder), { withFileTypes: true })) {
      if (isNotInACheckout(folder, entry.name)) continue;
      const relative = folder + entry.name;
      if (!entry.isDirectory()) this.add(relative);
      else {
        this.add(`${relative}/`);
        this.walk(`${relative}/`);
      }
    }
  }

  /** A file or folder at `relative` from the root (a folder with or without its trailing `/`). */
  has(relative: string): boolean {
    return this.paths.has(relative) || (!relative.endsWith('/') && this.paths.has(`${relative}/`));
  }

  /** A file or folder whose path ends with `tail` (`lib/x.ts`, `features/boards/`). */
  hasTail(tail: string): boolean {
    return this.tails.has(tail) || (!tail.endsWith('/') && this.tails.has(`${tail}/`));
  }

  /** The files under `folder` (`apps/`) whose paths end with one of `endings`. */
  filesUnder(folder: string, endings: string[]): string[] {
    return [...this.paths].filter(
      (file) => file.startsWith(folder) && endings.some((ending) => file.endsWith(ending)),
    );
  }

  /** The text of a file of the checkout. */
  read(relative: string): string {
    let text = this.pages.get(relative);
    if (text === undefined) {
      text = readFileSync(path.join(this.root, relative), 'utf8');
      this.pages.set(relative, text);
    }
    return text;
  }
}

/** Where a named path points from the root, and whether only its tail is known. */
function resolve(page: string, named: NamedPath, repo: RepositoryPaths): { at: string; tailOnly: boolean } {
  if (named.how === 'link') {
    const target = named.target === '' ? path.posix.basename(page) : named.target;
    return { at: path.posix.join(path.posix.dirname(page), target), tailOnly: false };
  }
  const rooted = repo.rootFolders.has(named.target.split('/')[0] ?? '');
  return { at: named.target, tailOnly: !rooted };
}

/** Why an anchor does not lead anywhere in `target`, or null when it does. */
function anchorProblem(target: string, anchor: string, repo: RepositoryPaths): string | null {
  if (!target.endsWith('.md')) return `#${anchor} on a file that is not a page`;
  return anchorsOf(repo.read(target)).has(anchor) ? null : `no heading of ${target} makes #${anchor}`;
}

/** What is wrong with one named path, or null. */
function problemOf(page: string, named: NamedPath, repo: RepositoryPaths): string | null {
  const { at, tailOnly } = resolve(page, named, repo);
  if (at.split('/').some((part) => NOT_IN_A_CHECKOUT.has(part))) return null;
  if (tailOnly) return repo.hasTail(at) ? null : 'no file or folder of the repository ends so';
  if (at.startsWith('../') || !repo.has(at)) return `${at} does not exist`;
  return named.anchor === null ? null : anchorProblem(at, named.anchor, repo);
}

/** A page's paths that lead nowhere, each as `page:line: path (why)`. */
export function brokenPathsOf(page: string, repo: RepositoryPaths): string[] {
  const text = repo.read(page);
  const broken: string[] = [];
  for (const named of namedPathsOf(text, repo.rootFolders)) {
    const problem = problemOf(page, named, repo);
    const shown = named.anchor === null ? named.target : `${named.target}#${named.anchor}`;
    if (problem) broken.push(`${page}:${named.line}: ${shown} (${problem})`);
  }
  // The paths and anchors of citations are named paths already; their titles are not.
  const titled = citationsIn(text).filter((citation) => citation.title !== undefined);
  return [...broken, ...citationProblems(page, titled, repo)];
}

/** A page cited by path (`docs/x.md`), anchor (`docs/x.md#a`) or section title (`docs/x.md, "Writes"`). */
interface Citation {
  cited: string;
  page: string;
  anchor?: string;
  title?: string;
  line: number;
}

/** Every `docs/…md` a text names, with the anchor or the quoted section title after it. */
function citationsIn(text: string): Citation[] {
  const citation = /(?<![\w./-])(docs\/[\w/-]+\.md)(?:#([\w-]+))?(?:,? "([^"\n]+)")?/g;
  return [...text.matchAll(citation)].map((match) => ({
    cited: match[0],
    page: match[1] ?? '',
    anchor: match[2],
    title: match[3],
    line: text.slice(0, match.index).split('\n').length,
  }));
}

/** Why a citation leads nowhere (no such page, anchor or section of that title), or null. */
function citationProblem({ page, anchor, title }: Citation, repo: RepositoryPaths): string | null {
  if (!repo.has(page)) return `${page} does not exist`;
  if (anchor !== undefined) return anchorProblem(page, anchor, repo);
  if (title === undefined) return null;
  const wanted = title.toLowerCase();
  const found = sectionTitlesOf(repo.read(page)).some((section) => section.toLowerCase().startsWith(wanted));
  return found ? null : `no heading or bold lead of ${page} starts with "${title}"`;
}

/** Each citation that leads nowhere, as `file:line: citation (why)`. */
function citationProblems(file: string, citations: Citation[], repo: RepositoryPaths): string[] {
  return citations.flatMap((citation) => {
    const problem = citationProblem(citation, repo);
    return problem ? [`${file}:${citation.line}: ${citation.cited} (${problem})`] : [];
  });
}

/** The citations of docs pages in a source file (a comment's `docs/x.md, "Writes"`) that lead nowhere. */
export function brokenCitationsOf(file: string, repo: RepositoryPaths): string[] {
  return citationProblems(file, citationsIn(repo.read(file)), repo);
}

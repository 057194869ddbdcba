import { describe, expect, it } from 'vitest';
import { brokenCitationsOf, brokenPathsOf, REPOSITORY_ROOT, RepositoryPaths } from '../helpers/doc-paths.js';

/** Where source files and folder READMEs live. */
const SOURCE_FOLDERS = ['apps/', 'packages/', 'bench/', 'e2e/', 'scripts/', 'deploy/'];
const SOURCE_ENDINGS = ['.ts', '.tsx', '.js', '.mjs', '.yaml', '.yml', '.conf'];
/** The checker's own files cite made-up pages on purpose. */
const CHECKER_FILES = new Set([
  'apps/server/test/architecture/docs-paths.test.ts',
  'apps/server/test/helpers/doc-paths.ts',
  'apps/server/test/helpers/markdown-paths.ts',
]);

/**
 * The pages a reader is sent to: docs/*.md (not the diaries in docs/log/, which keep the paths of
 * their day), the README and each folder's README.
 */
function pagesOf(repo: RepositoryPaths): string[] {
  const docs = repo.filesUnder('docs/', ['.md']).filter((page) => !page.slice('docs/'.length).includes('/'));
  const readmes = SOURCE_FOLDERS.flatMap((folder) => repo.filesUnder(folder, ['/README.md']));
  return [...docs, 'README.md', ...readmes];
}

/** Source files, whose comments cite pages (`docs/performance.md, "Writes"`). */
function sourcesOf(repo: RepositoryPaths): string[] {
  return SOURCE_FOLDERS.flatMap((folder) => repo.filesUnder(folder, SOURCE_ENDINGS)).filter(
    (file) => !CHECKER_FILES.has(file),
  );
}

describe('the paths the docs name', () => {
  const repo = new RepositoryPaths(REPOSITORY_ROOT);

  it('exist: every file, folder and anchor a page names in a link, a code span or its text', () => {
    const pages = pagesOf(repo);
    expect(pages.length).toBeGreaterThan(50);
    expect(pages.flatMap((page) => brokenPathsOf(page, repo))).toEqual([]);
  });

  it('exist where a source file cites a page, its anchor or a section by its title', () => {
    const sources = sourcesOf(repo);
    expect(sources.length).toBeGreaterThan(500);
    expect(sources.flatMap((file) => brokenCitationsOf(file, repo))).toEqual([]);
  });

  it('are caught when broken: a missing file, folder, tail, anchor and cited section each named', () => {
    const page = [
      '# A page',
      '## Second part',
      'See [the architecture](architecture.md) and [a gone page](gone.md), [here](#second-part),',
      '[nowhere](#no-such-part) and [a gone part](architecture.md#no-such-part).',
      'Code: `apps/server/src/app.ts`, `apps/server/src/gone.ts`, `lib/clock.ts`, `lib/gone.ts`,',
      '`apps/server/src/job-queue/`, `apps/server/src/gone/`, `owner/name`, `features/<domain>/`.',
      'In the text: docs/spec.md, docs/gone.md, apps/server/dist/main.js (built, not checked).',
      'Cited: docs/architecture.md, "Where a request goes" and docs/architecture.md, "No such section".',
      '```sh',
      'npx tsx bench/gone.bench.ts',
      '```',
    ].join('\n');
    const repoWithPage = new RepositoryPaths(REPOSITORY_ROOT, { 'docs/made-up.md': page });
    expect(brokenPathsOf('docs/made-up.md', repoWithPage)).toEqual([
      'docs/made-up.md:3: gone.md (docs/gone.md does not exist)',
      'docs/made-up.md:4: #no-such-part (no heading of docs/made-up.md makes #no-such-part)',
      'docs/made-up.md:4: architecture.md#no-such-part (no heading of docs/architecture.md makes #no-such-part)',
      'docs/made-up.md:5: apps/server/src/gone.ts (apps/server/src/gone.ts does not exist)',
      'docs/made-up.md:5: lib/gone.ts (no file or folder of the repository ends so)',
      'docs/made-up.md:6: apps/server/src/gone/ (apps/server/src/gone/ does not exist)',
      'docs/made-up.md:7: docs/gone.md (docs/gone.md does not exist)',
      'docs/made-up.md:10: bench/gone.bench.ts (bench/gone.bench.ts does not exist)',
      'docs/made-up.md:8: docs/architecture.md, "No such section" (no heading or bold lead of docs/architecture.md starts with "No such section")',
    ]);
  });
});

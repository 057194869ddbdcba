// Reading the deployment recipe (Dockerfile, compose.yaml) the way Docker would, for
// test/architecture/deployment-recipe.test.ts; and assembling the runtime image's /app folder from this checkout.
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { productionPackages } from '../../../../scripts/production-packages.mjs';

export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  /** The `AS` name, or the stage's index when it has none. */
  name: string;
  image: string;
  instructions: Instruction[];
}

/** The Dockerfile's stages in order, each with its instructions (continuation lines joined). */
export function dockerfileStages(text: string): { args: Record<string, string>; stages: Stage[] } {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = rest;
      stages.push({
        name: as?.toUpperCase() === 'AS' && name ? name : String(stages.length),
        image,
        instructions: [],
      });
    } else if (stages.length === 0 && instruction.keyword === 'ARG') {
      const [argName = '', value = ''] = instruction.args.split('=');
      args[argName] = value;
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { args, stages };
}

export interface Copy {
  /** The stage copied from, or null for the build context. */
  from: string | null;
  source: string;
  /** Absolute path in the image. */
  target: string;
}

/** A stage's COPY lines with their targets made absolute against the WORKDIR in force. */
export function stageCopies(stage: Stage): Copy[] {
  let workdir = '/';
  const copies: Copy[] = [];
  for (const { keyword, args } of stage.instructions) {
    if (keyword === 'WORKDIR') workdir = path.posix.resolve(workdir, args);
    if (keyword !== 'COPY') continue;
    const words = args.split(/\s+/);
    const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length) ?? null;
    const paths = words.filter((word) => !word.startsWith('--'));
    const target = paths.at(-1) ?? '';
    for (const source of paths.slice(0, -1)) {
      copies.push({ from, source, target: path.posix.resolve(workdir, target) });
    }
  }
  return copies;
}

/** The production packages the server needs, as `npm ci --omit=dev` would leave them. */
export function serverProductionPackages() {
  return productionPackages(REPOSITORY_ROOT, ['apps/server']);
}

/**
 * Builds `folder` as the image's /app: every path the runtime stage copies from a build stage is
 * taken from this checkout (the stages' /app is this repository after `npm run build`), except
 * node_modules, which holds only the server's production packages — linked, not copied, so the server
 * must run with --preserve-symlinks to resolve through them. The workspace packages are left out: in
 * the image their links point to folders the runtime stage does not copy, and the bundle inlines them.
 */
export function assembleRuntimeFolder(copies: Copy[], folder: string): void {
  for (const copy of copies) {
    const relativeSource = path.posix.relative('/app', copy.source);
    const destination = path.join(folder, path.posix.relative('/app', copy.target));
    if (relativeSource === 'node_modules') {
      linkProductionPackages(destination);
      continue;
    }
    const source = path.join(REPOSITORY_ROOT, relativeSource);
    if (!existsSync(source))
      throw new Error(`the Dockerfile copies ${copy.source}, missing in this checkout`);
    cpSync(source, destination, { recursive: true });
  }
}

function linkProductionPackages(destination: string): void {
  const hoisted = path.join(REPOSITORY_ROOT, 'node_modules');
  for (const pkg of serverProductionPackages()) {
    const relative = path.relative(hoisted, pkg.dir);
    const isTopLevel = relative.split(path.sep).filter((part) => !part.startsWith('@')).length === 1;
    if (!isTopLevel || pkg.name.startsWith('@teamboard/')) continue;
    const link = path.join(destination, relative);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(pkg.dir, link, 'dir');
  }
}

/** Bare module names the bundle imports (`import … from 'x'`, `import('x')`, `require('x')`). */
export function bundleImports(distDir: string, files: string[]): Set<string> {
  const names = new Set<string>();
  // `from` only as a keyword, never the word inside a string: the logger's allowlist holds "from",
  // and `"from",\n  "` once read as an import of ",\n  ". Only a package's name (npm's letters, then
  // its path) is read as one: Kysely's operator list, `"is distinct from"];`, once read as "];…".
  const pattern =
    /(?:(?<![\w$."'])from\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)["']((?:node:|@)?[a-z0-9][\w.~-]*(?:\/[^"'\s]*)?)["']/g;
  for (const file of files) {
    for (const match of readFileSync(path.join(distDir, file), 'utf8').matchAll(pattern)) {
      const specifier = match[1] ?? '';
      const parts = specifier.split('/');
      names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? ''));
    }
  }
  return names;
}

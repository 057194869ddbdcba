// The installed packages a workspace needs at run time: its `dependencies` (and the optional ones that
// were installed, such as sharp's platform binaries), then theirs, resolved the way Node resolves
// them — the nearest node_modules folder first, then each parent's. Dev dependencies never enter.
// Shared by scripts/check-engines.mjs and the deployment recipe's test.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @param {string} root the repository (the folder holding the hoisted node_modules)
 * @param {string[]} workspaceDirs folders, relative to root, whose package.json starts the walk
 * @returns {{ name: string, version: string, dir: string, engines: string | undefined, requiredBy: string,
 *   requiredFrom: string }[]} one entry per installed copy (two versions of one package are two
 *   entries); dir and requiredFrom (the first dependant's folder) absolute
 */
export function productionPackages(root, workspaceDirs) {
  const found = new Map();
  const pending = workspaceDirs.map((dir) => ({ dir: path.join(root, dir), requiredBy: dir }));
  while (pending.length > 0) {
    const { dir, requiredBy } = pending.pop();
    const manifest = readManifest(dir);
    const wanted = { ...manifest.optionalDependencies, ...manifest.dependencies };
    for (const name of Object.keys(wanted)) {
      const packageDir = resolvePackageDir(root, dir, name);
      if (packageDir === null) {
        // An optional dependency for another platform is simply not installed; a required one is an error.
        if (manifest.dependencies?.[name] === undefined) continue;
        throw new Error(`${name} (required by ${manifest.name ?? dir}) is not installed`);
      }
      if (found.has(packageDir)) continue;
      const installed = readManifest(packageDir);
      found.set(packageDir, {
        name,
        version: installed.version ?? '0.0.0',
        dir: packageDir,
        engines: installed.engines?.node,
        requiredBy: manifest.name ?? requiredBy,
        requiredFrom: dir,
      });
      pending.push({ dir: packageDir, requiredBy: name });
    }
  }
  return [...found.values()].sort((a, b) => a.dir.localeCompare(b.dir));
}

/** Node's lookup: <dir>/node_modules/<name>, then each parent folder's, up to the repository. */
function resolvePackageDir(root, fromDir, name) {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || path.dirname(dir) === dir) return null;
    dir = path.dirname(dir);
  }
}

function readManifest(dir) {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

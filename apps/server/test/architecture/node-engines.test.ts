import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../helpers/deployment-recipe.js';

/**
 * The app runs on Node 20.19+, 22.12+ and 24+ (docs/deploying.md): `npm run check:engines` fails on
 * a production dependency whose `engines.node` leaves one of them out (scripts/check-engines.mjs).
 */
const SUPPORTED = '^20.19.0 || ^22.12.0 || >=24.0.0';
const WORKSPACES = ['apps/server', 'apps/web', 'packages/contract', 'packages/i18n'];

function checkEngines(root?: string) {
  const args = ['scripts/check-engines.mjs', ...(root ? ['--root', root] : [])];
  return spawnSync(process.execPath, args, { cwd: REPOSITORY_ROOT, encoding: 'utf8' });
}

describe('check:engines', () => {
  const trees: string[] = [];
  afterAll(() => trees.forEach((tree) => rmSync(tree, { recursive: true, force: true })));

  /** A repository whose server depends on `dependency`, declaring the given engines range. */
  function treeWith(dependencyEngines: string): string {
    const root = mkdtempSync(path.join(os.tmpdir(), 'teamboard-engines-'));
    trees.push(root);
    const write = (dir: string, manifest: object) => {
      mkdirSync(path.join(root, dir), { recursive: true });
      writeFileSync(path.join(root, dir, 'package.json'), JSON.stringify(manifest));
    };
    write('.', { name: 'root', engines: { node: SUPPORTED } });
    for (const dir of WORKSPACES) {
      const dependencies = dir === 'apps/server' ? { 'needs-new-node': '^1.0.0' } : {};
      write(dir, { name: dir, engines: { node: SUPPORTED }, dependencies });
    }
    write('node_modules/needs-new-node', {
      name: 'needs-new-node',
      version: '1.0.0',
      engines: { node: dependencyEngines },
    });
    return root;
  }

  it('passes on this repository: every production dependency accepts each supported Node', () => {
    const result = checkEngines();
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('every production dependency accepts Node 20.19.0, 22.12.0, 24.0.0');
  });

  it('fails on a production dependency that leaves out a supported Node', () => {
    const result = checkEngines(treeWith('>=22'));
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('needs-new-node@1.0.0');
    expect(result.stdout).toContain('excludes Node 20.19.0');
  });

  it('accepts a range that takes in every supported Node', () => {
    const result = checkEngines(treeWith('>=18'));
    expect(result.stdout).not.toContain('needs-new-node');
  });
});

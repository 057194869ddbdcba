import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const featuresDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/features');

interface CrossImport {
  from: string;
  to: string;
  names: string[];
  file: string;
}

/**
 * Every import of another feature folder from the non-test files of each feature, its subfolders
 * (a write's command module, features/tasks/commands/…) included.
 */
function crossFeatureImports(): CrossImport[] {
  const found: CrossImport[] = [];
  for (const feature of readdirSync(featuresDir)) {
    const files = readdirSync(path.join(featuresDir, feature), { recursive: true }) as string[];
    for (const file of files) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = readFileSync(path.join(featuresDir, feature, file), 'utf8');
      const pattern = /import\s+(?:type\s+)?(?:\{([^}]*)\}|\*\s+as\s+\w+)\s+from\s+'(\.[^']*)'/g;
      for (const match of text.matchAll(pattern)) {
        const target = path.relative(
          featuresDir,
          path.resolve(featuresDir, feature, path.dirname(file), match[2]!),
        );
        const to = target.split(path.sep)[0]!;
        if (target.startsWith('..') || to === feature) continue;
        const names = (match[1] ?? '').split(',').map((name) => name.replace(/^\s*type\s+/, '').trim());
        found.push({ from: feature, to, names: names.filter(Boolean), file });
      }
    }
  }
  return found;
}

/** A cycle in the feature graph, as a list of features, or null. */
function findCycle(edges: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'visiting') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('server feature folders', () => {
  const imports = crossFeatureImports();

  it('are seen by the scan (it reads the imports it judges), in subfolders too', () => {
    expect(imports.some(({ from, to }) => from === 'projects' && to === 'members')).toBe(true);
    expect(
      imports.some(({ from, to, file }) => from === 'tasks' && to === 'activity' && file.includes('/')),
    ).toBe(true);
  });

  it('import each other without cycles', () => {
    const edges = new Map<string, Set<string>>();
    for (const { from, to } of imports) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    expect(findCycle(edges)).toBeNull();
  });

  it('never take another feature’s service class: a narrow interface is passed in instead', () => {
    const classes = imports.flatMap(({ file, from, names }) =>
      names.filter((name) => /Service$/.test(name)).map((name) => `${from}/${file}: ${name}`),
    );
    expect(classes).toEqual([]);
  });

  it('finds the cycle the test is for (the checker itself)', () => {
    const edges = new Map([
      ['tasks', new Set(['boards'])],
      ['boards', new Set(['tasks'])],
    ]);
    expect(findCycle(edges)).toEqual(['tasks', 'boards', 'tasks']);
    expect(findCycle(new Map([['tasks', new Set(['labels'])]]))).toBeNull();
  });
});

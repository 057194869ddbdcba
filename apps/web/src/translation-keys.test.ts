import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { resources } from '@teamboard/i18n';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

type Catalogs = Record<string, Record<string, unknown>>;
/** The namespace i18next uses when a component names none (lib/i18n.ts `defaultNS`). */
const DEFAULT_NAMESPACES = ['common'];
/** i18next picks one of these suffixes by count; the bare key then need not exist. */
const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

function hasEntry(tree: unknown, dotted: string): boolean {
  const parts = dotted.split('.');
  const last = parts.pop() ?? '';
  let node: unknown = tree;
  for (const part of parts) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  if (node === null || typeof node !== 'object') return false;
  const leaves = node as Record<string, unknown>;
  return [last, ...PLURAL_SUFFIXES.map((suffix) => last + suffix)].some(
    (name) => typeof leaves[name] === 'string',
  );
}

/** Whether `key` (maybe `ns:key`) resolves in one of `namespaces` of `catalogs`. */
export function resolves(catalogs: Catalogs, key: string, namespaces: string[]): boolean {
  const colon = key.indexOf(':');
  if (colon > 0 && key.slice(0, colon) in catalogs) {
    return hasEntry(catalogs[key.slice(0, colon)], key.slice(colon + 1));
  }
  return namespaces.some((namespace) => hasEntry(catalogs[namespace], key));
}

function stringArguments(call: ts.CallExpression): string[] {
  const [first] = call.arguments;
  if (first === undefined) return DEFAULT_NAMESPACES;
  if (ts.isStringLiteral(first)) return [first.text];
  if (ts.isArrayLiteralExpression(first)) {
    return first.elements.filter(ts.isStringLiteral).map((element) => element.text);
  }
  return DEFAULT_NAMESPACES;
}

/** `const { t } = useTranslation(…)` (or `{ t: tx }`) in `node`: the local name and namespaces. */
function translatorDeclaredBy(node: ts.Node): { name: string; namespaces: string[] } | null {
  if (!ts.isVariableDeclaration(node) || node.initializer === undefined) return null;
  const call = node.initializer;
  if (!ts.isCallExpression(call) || call.expression.getText() !== 'useTranslation') return null;
  if (!ts.isObjectBindingPattern(node.name)) return null;
  const binding = node.name.elements.find(
    (element) => (element.propertyName ?? element.name).getText() === 't',
  );
  return binding === undefined ? null : { name: binding.name.getText(), namespaces: stringArguments(call) };
}

export interface KeyUse {
  line: number;
  key: string;
  /** null: the translator came from elsewhere (a parameter, `i18n.t`): any namespace will do. */
  namespaces: string[] | null;
}

/**
 * Every `t('literal')` in `source`, with the namespaces of the `useTranslation` that made the
 * `t` in scope (the innermost function declaring one), so a key read from the wrong namespace
 * is caught even when another component in the same file uses that namespace.
 */
export function keyUses(fileName: string, source: string): KeyUse[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const uses: KeyUse[] = [];
  const visit = (node: ts.Node, scope: Map<string, string[]>) => {
    let inner = scope;
    if (ts.isFunctionLike(node) || ts.isSourceFile(node)) {
      inner = new Map(scope);
      const collect = (child: ts.Node) => {
        const declared = translatorDeclaredBy(child);
        if (declared !== null) inner.set(declared.name, declared.namespaces);
        // A nested function has its own scope; its declarations are collected when visited.
        if (!ts.isFunctionLike(child)) ts.forEachChild(child, collect);
      };
      ts.forEachChild(node, collect);
    }
    if (
      ts.isCallExpression(node) &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : null;
      const isI18nT =
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === 't' &&
        /^i18n(ext)?$/.test(callee.expression.getText());
      if ((name !== null && inner.has(name)) || isI18nT || name === 't') {
        const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        uses.push({
          line,
          key: node.arguments[0].text,
          namespaces: name !== null ? (inner.get(name) ?? null) : null,
        });
      }
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(file, new Map());
  return uses;
}

/** Each key use in `source` missing from `catalogs`, as `line: key`. */
export function missingKeys(catalogs: Catalogs, fileName: string, source: string): string[] {
  const allNamespaces = Object.keys(catalogs);
  return keyUses(fileName, source)
    .filter(({ key, namespaces }) => !resolves(catalogs, key, namespaces ?? allNamespaces))
    .map(({ line, key }) => `${line}: ${key}`);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(full) && !full.includes('.test.') ? [full] : [];
  });
}

/** Parsed once for both languages: the scan is the slow part. */
const webUses = sourceFiles(path.resolve(__dirname)).flatMap((file) =>
  keyUses(file, readFileSync(file, 'utf8')).map((use) => ({ ...use, file: path.relative(__dirname, file) })),
);

describe('t() keys exist in the catalogs', () => {
  const catalogs: Catalogs = {
    projects: { year_value: 'Year', placement: { year_value: 'Year' }, count_one: '1', count_other: 'n' },
    common: { save: 'Save' },
  };

  it('finds a key read from the wrong namespace (the scanner itself)', () => {
    const source = `
      function A() { const { t } = useTranslation('projects'); return t('placement.year_value') + t('count'); }
      function B() { const { t } = useTranslation('common'); return t('year_value') + t('projects:year_value'); }
      function C() { const { t: tx } = useTranslation(); return tx('save') + tx('nope') + i18n.t('common:gone'); }`;
    expect(missingKeys(catalogs, 'a.tsx', source)).toEqual(['3: year_value', '4: nope', '4: common:gone']);
  });

  it.each(['en', 'es'] as const)('has every t() key of apps/web/src in the %s catalogs', (language) => {
    const allNamespaces = Object.keys(resources[language]);
    const missing = webUses
      .filter(({ key, namespaces }) => !resolves(resources[language], key, namespaces ?? allNamespaces))
      .map(({ file, line, key }) => `${file}:${line}: ${key}`);
    expect(missing).toEqual([]);
  });
});

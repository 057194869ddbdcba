import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Props a person reads or hears: a plain string literal there would skip the catalogs. */
const USER_VISIBLE_PROPS = new Set(['aria-label', 'title', 'placeholder', 'label', 'alt', 'description']);
/** Words that are the same in every language (the product's name). */
const ALLOWED = new Set(['TeamBoard']);
const hasWords = (text: string) => /\p{L}/u.test(text) && !ALLOWED.has(text.trim());

/** Each JSX text or user-visible literal prop with letters in `source`, as `line: text`. */
export function literalTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(`${lineOf(node)}: ${node.text.trim()}`);
    if (
      ts.isJsxAttribute(node) &&
      USER_VISIBLE_PROPS.has(node.name.getText(file)) &&
      node.initializer !== undefined &&
      ts.isStringLiteral(node.initializer) &&
      hasWords(node.initializer.text)
    ) {
      found.push(`${lineOf(node)}: ${node.name.getText(file)}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function components(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) return components(full);
    return full.endsWith('.tsx') && !full.includes('.test.') ? [full] : [];
  });
}

describe('components render no literal user-visible text', () => {
  it('finds a literal when there is one (the scanner itself)', () => {
    const source = `export const A = () => <p title="Save">Hello {name}<b aria-label={t('x')}>{t('y')}</b></p>;`;
    expect(literalTexts('a.tsx', source)).toEqual(['1: title="Save"', '1: Hello']);
    expect(literalTexts('b.tsx', 'export const B = () => <span>TeamBoard · {x}</span>;')).toEqual([
      '1: TeamBoard ·',
    ]);
    expect(literalTexts('c.tsx', 'export const C = () => <span>TeamBoard</span>;')).toEqual([]);
  });

  it('has every text of apps/web/src from the en/es catalogs', () => {
    const literals = components(path.resolve(__dirname)).flatMap((file) =>
      literalTexts(file, readFileSync(file, 'utf8')).map(
        (text) => `${path.relative(__dirname, file)}:${text}`,
      ),
    );
    expect(literals).toEqual([]);
  });
});

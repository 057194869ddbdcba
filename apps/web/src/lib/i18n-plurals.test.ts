import { resources, translate } from '@teamboard/i18n';
import { describe, expect, it } from 'vitest';
import i18n from './i18n';

type Tree = { [key: string]: unknown };

/** Each `key_other` in `tree` without its `key_one`, as `dotted.key`. */
function withoutOne(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    if (value !== null && typeof value === 'object') return withoutOne(value as Tree, `${prefix}${key}.`);
    const base = key.endsWith('_other') ? key.slice(0, -'_other'.length) : null;
    return base !== null && !(`${base}_one` in tree) ? [`${prefix}${base}`] : [];
  });
}

describe('plural forms', () => {
  it.each(['en', 'es'] as const)('has a _one beside every _other in the %s catalogs', (language) => {
    const missing = Object.entries(resources[language]).flatMap(([namespace, catalog]) =>
      withoutOne(catalog as Tree).map((key) => `${namespace}:${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('renders Spanish at a count Spanish calls "many" (1.000.000), never the English fallback', () => {
    const es = i18n.getFixedT('es', 'boards');
    expect(es('column.count', { count: 1 })).toBe('1 tarea');
    expect(es('column.count', { count: 1_000_000 })).toBe('1000000 tareas');
    expect(i18n.getFixedT('en', 'boards')('column.count', { count: 1_000_000 })).toBe('1000000 tasks');
  });

  it('gives the server the same plural forms (translate)', () => {
    expect(translate('es', 'boards:column.count', { count: 1 })).toBe('1 tarea');
    expect(translate('es', 'boards:column.count', { count: 1_000_000 })).toBe('1000000 tareas');
    expect(translate('en', 'boards:column.count', { count: 1_000_000 })).toBe('1000000 tasks');
  });
});

import type { CatalogLanguage, Namespace } from './index.js';
import { pluralCategory } from './plural-forms.js';

/** Some or all of each language's namespaces, as `resources` holds them. */
export type Catalogs = Record<CatalogLanguage, Partial<Record<Namespace, object>>>;
export type Translate = (language: CatalogLanguage, key: string, params?: Params) => string;

type Params = Record<string, string | number>;

function lookup(tree: unknown, path: string[]): string | undefined {
  let node: unknown = tree;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Like i18next: with a numeric `count`, `key_<plural form>`, then `key_other`, then `key`. */
function lookupCounted(
  catalogs: Catalogs,
  language: CatalogLanguage,
  namespace: string,
  path: string[],
  params: Params,
) {
  const catalog = catalogs[language]?.[namespace as Namespace];
  const count = params.count;
  if (typeof count !== 'number') return lookup(catalog, path);
  const last = path.at(-1) ?? '';
  const forms = [pluralCategory(language, count), 'other'].map((form) => `${last}_${form}`);
  return [...forms, last].map((name) => lookup(catalog, [...path.slice(0, -1), name])).find(Boolean);
}

/**
 * A `translate` over `catalogs`: it translates `namespace:dotted.key` (i18next's notation) with `{{param}}` interpolation and
 * i18next's plural suffixes. Falls back to English, then to the key itself, so a missing entry is
 * visible, never blank.
 */
export function translator(catalogs: Catalogs): Translate {
  return (language, key, params = {}) => {
    const [namespace, dotted] = key.includes(':') ? key.split(':', 2) : ['common', key];
    const path = (dotted ?? '').split('.');
    const text =
      lookupCounted(catalogs, language, namespace ?? 'common', path, params) ??
      lookupCounted(catalogs, 'en', namespace ?? 'common', path, params) ??
      key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
      name in params ? String(params[name]) : match,
    );
  };
}

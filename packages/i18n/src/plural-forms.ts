const PLURAL_SEPARATOR = '_';

type Tree = { [key: string]: unknown };

/**
 * `catalog` with each `key_other` copied to every plural form `language` has and the catalog
 * lacks (Spanish `many`: 1.000.000). i18next asks for `key_many` at such counts and, not finding
 * it, falls back to English; the catalogs write `_one` and `_other` only, so the gap is closed
 * here, once, for every key a catalog will ever add.
 */
export function withPluralForms<T extends object>(language: string, catalog: T): T {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const fill = (node: Tree): Tree => {
    const filled: Tree = {};
    for (const [key, value] of Object.entries(node)) {
      filled[key] = value !== null && typeof value === 'object' ? fill(value as Tree) : value;
    }
    for (const [key, value] of Object.entries(node)) {
      if (!key.endsWith(`${PLURAL_SEPARATOR}other`)) continue;
      const base = key.slice(0, -'other'.length);
      for (const category of categories) filled[base + category] ??= value;
    }
    return filled;
  };
  return fill(catalog as Tree) as T;
}

/** The plural form of `count` in `language`, as i18next suffixes it (`one`, `many`, `other`…). */
export function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  return new Intl.PluralRules(language).select(count);
}

import { ERROR_CODES } from '@teamboard/contract';
import { resources } from '@teamboard/i18n';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Catalog = Record<string, unknown>;

/** Every key of a nested catalog, dotted (`sections.checklist`). */
function keysOf(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? keysOf(value as Catalog, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

const catalogs = resources as unknown as Record<'en' | 'es', Record<string, Catalog>>;
const i18nSource = path.resolve(__dirname, '../../../packages/i18n/src');

describe('the en and es catalogs', () => {
  it('have the same namespaces, on disk and in the package', () => {
    const files = (language: string) =>
      readdirSync(path.join(i18nSource, language))
        .map((file) => file.replace(/\.json$/, ''))
        .sort();
    expect(files('es')).toEqual(files('en'));
    expect(Object.keys(catalogs.en).sort()).toEqual(files('en'));
    expect(Object.keys(catalogs.es).sort()).toEqual(files('es'));
  });

  it.each(Object.keys(catalogs.en))('have the same keys in %s', (namespace) => {
    const en = keysOf(catalogs.en[namespace] ?? {});
    const es = keysOf(catalogs.es[namespace] ?? {});
    expect({ missingInSpanish: en.filter((key) => !es.includes(key)) }).toEqual({ missingInSpanish: [] });
    expect({ missingInEnglish: es.filter((key) => !en.includes(key)) }).toEqual({ missingInEnglish: [] });
  });

  it('word every error code in both languages, with no empty text', () => {
    for (const language of ['en', 'es'] as const) {
      const errors = catalogs[language].errors ?? {};
      expect(ERROR_CODES.filter((code) => typeof errors[code] !== 'string' || errors[code] === '')).toEqual(
        [],
      );
    }
  });
});

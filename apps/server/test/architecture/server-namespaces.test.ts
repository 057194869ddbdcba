import { NAMESPACES, translate as translateFully, type Namespace } from '@teamboard/i18n';
import { SERVER_NAMESPACES, translate } from '@teamboard/i18n/server';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT, RepositoryPaths } from '../helpers/doc-paths.js';

/** Keys named `namespace:…` in a string (static) or at the start of a template literal (dynamic). */
const KEY = new RegExp(`(['"\`])((${NAMESPACES.join('|')}):[\\w$][\\w.$\\{\\}-]*)`, 'g');
/** `namespace:` strings that are not translation keys: throttle keys (`oidc:failures:ip:…`). */
const NOT_KEYS = new Set(['assistant:${user.id}', 'oidc:failures']);

function serverKeys(): string[] {
  const repo = new RepositoryPaths(REPOSITORY_ROOT);
  const files = repo.filesUnder('apps/server/src/', ['.ts']).filter((file) => !file.endsWith('.test.ts'));
  return files.flatMap((file) =>
    [...readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8').matchAll(KEY)].map((match) => match[2]!),
  );
}

describe("the server's catalogs (@teamboard/i18n/server)", () => {
  const keys = serverKeys().filter((key) => !NOT_KEYS.has(key));

  it('hold every namespace the server names a key in', () => {
    expect(keys.length).toBeGreaterThan(20);
    const namespaces = new Set(keys.map((key) => key.split(':')[0] as Namespace));
    expect(
      [...namespaces].filter((name) => !(SERVER_NAMESPACES as readonly string[]).includes(name)),
    ).toEqual([]);
  });

  it('translate each static key as the whole catalogs do', () => {
    for (const key of keys.filter((name) => !name.includes('${')))
      for (const language of ['en', 'es'] as const)
        expect(translate(language, key, { count: 2 })).toBe(translateFully(language, key, { count: 2 }));
  });

  it('read course-overview, whose keys the CSV builds from a constant', () => {
    expect(translate('es', 'course-overview:csv.team')).toBe(
      translateFully('es', 'course-overview:csv.team'),
    );
  });
});

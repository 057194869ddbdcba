import { readFileSync } from 'node:fs';
import type { Language } from './locale';

/**
 * An interface text as the app shows it, read from packages/i18n so a wording change there does not
 * break a test that only needs to find the control: `label('es', 'boards', 'task.add_to', { name })`.
 */
export function label(
  language: Language,
  namespace: string,
  key: string,
  values: Record<string, string> = {},
) {
  const catalog = JSON.parse(
    readFileSync(`packages/i18n/src/${language}/${namespace}.json`, 'utf8'),
  ) as object;
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog);
  if (typeof text !== 'string') throw new Error(`no text ${language}/${namespace}:${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

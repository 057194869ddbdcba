import type { Language } from '@teamboard/contract';
import { foldAccents, wordSpans } from './analyzer.js';

/**
 * Function words found in only one of the two languages (folded). Words both share ("a", "no", "me",
 * "he") or that are also content words elsewhere are left out.
 */
const MARKERS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    `the to of and is are was were how what why when where which who with for from our my your their
    we they it this that these those do does did don't can should would could have has been be an at
    into about after before there than then`.split(/\s+/),
  ),
  es: new Set(
    `el la los las del que y es son fue como cual cuando donde quien con para por nuestro nuestra
    nuestros mi mis tu su sus hay esta este estos estas ese esa una unos unas pero porque muy sin
    sobre cada entre hacer hace tiene tienen`.split(/\s+/),
  ),
};

/** Spanish letters English never writes. */
const SPANISH_LETTERS = /[ñáéíóúü¿¡]/i;

/**
 * The languages a query may be in, for looking its words up in the lexicon: one when its function
 * words (or a Spanish letter) say so, both when they do not ("merge conflict", or a mix). Reading an
 * English word as Spanish would translate "red" as "network"; the stems the index is searched with
 * are unchanged (both, always).
 */
export function queryLanguages(text: string): Language[] {
  let en = 0;
  let es = SPANISH_LETTERS.test(text) ? 1 : 0;
  for (const { word } of wordSpans(text)) {
    const folded = foldAccents(word);
    if (MARKERS.en.has(folded)) en += 1;
    if (MARKERS.es.has(folded)) es += 1;
  }
  if (en > es) return ['en'];
  if (es > en) return ['es'];
  return ['en', 'es'];
}

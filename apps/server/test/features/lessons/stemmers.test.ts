/**
 * The analyzer's stemmers (porter2 for English, @orama/stemmers for Spanish) replaced snowball-stemmers
 * to keep its 850 KB first load off the event loop (issue 46). An index term that changed would shift
 * the search's quality figures, so both must give snowball-stemmers' stems, on every word of the
 * development set (bench/lessons/eval-set.json; never the held-apart test set), the glossary and the
 * lexicon, as is and with inflectional endings added, in both languages (a query is read both ways).
 */
import { stemmer as spanishStem } from '@orama/stemmers/spanish';
import { readFileSync } from 'node:fs';
import { stem as englishStem } from 'porter2';
import { newStemmer } from 'snowball-stemmers';
import { describe, expect, it } from 'vitest';
import { foldAccents } from '../../../src/features/lessons/search/analyzer.js';

const SOURCES = [
  '../../../../../bench/lessons/eval-set.json',
  '../../../src/features/lessons/search/glossary.json',
  '../../../src/features/lessons/search/lexicon.json',
  './fixtures/out-of-scope.dev.json',
];
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
// Endings that exercise each stemmer's suffix steps, added to every word of the vocabulary.
const ENGLISH_ENDINGS = ['', 's', 'es', 'ed', 'ing', 'ly', 'ness', 'ational', 'ization', "'s", 'y', 'ies'];
const SPANISH_ENDINGS = ['', 's', 'es', 'mente', 'ción', 'ciones', 'ando', 'iendo', 'aron', 'ábamos', 'ía'];

function vocabulary(): string[] {
  const words = new Set<string>();
  for (const source of SOURCES) {
    const text = readFileSync(new URL(source, import.meta.url), 'utf8');
    for (const [word] of text.matchAll(WORD)) words.add(foldAccents(word));
  }
  return [...words];
}

/** Each inflected word whose stem differs, with both stems: empty when the stemmers agree. */
function differences(
  words: readonly string[],
  endings: readonly string[],
  expected: (word: string) => string,
  actual: (word: string) => string,
): [string, string, string][] {
  const found: [string, string, string][] = [];
  for (const word of words) {
    for (const ending of endings) {
      const inflected = word + ending;
      const [want, got] = [expected(inflected), actual(inflected)];
      if (want !== got) found.push([inflected, want, got]);
    }
  }
  return found;
}

describe('stemmers', () => {
  const words = vocabulary();

  it('reads a vocabulary of several thousand words', () => {
    expect(words.length).toBeGreaterThan(5000);
  });

  it('stems English as snowball-stemmers did', () => {
    const snowball = newStemmer('english');
    expect(differences(words, ENGLISH_ENDINGS, (word) => snowball.stem(word), englishStem)).toEqual([]);
  });

  it('stems Spanish as snowball-stemmers did', () => {
    const snowball = newStemmer('spanish');
    expect(differences(words, SPANISH_ENDINGS, (word) => snowball.stem(word), spanishStem)).toEqual([]);
  });
});

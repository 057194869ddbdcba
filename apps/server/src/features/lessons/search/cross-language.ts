import type { Language } from '@teamboard/contract';
import { cognateStems } from './cognates.js';
import type { QueryWord } from './glossary.js';
import { defaultLexicon, type Lexicon, type Phrase } from './lexicon.js';
import { hasTerm, type Vocabulary } from './vocabulary.js';

/**
 * How much a lexicon translation or a cognate counts beside the typed words: below the glossary's
 * hand-checked expansions (EXPANSION_WEIGHT), since a general dictionary gives every sense of a word.
 */
export const CROSS_LANGUAGE_WEIGHT = 0.7;

/** What finding a word's other-language forms needs: the query's likely languages and the index. */
export interface CrossLanguageContext {
  languages: readonly Language[];
  vocabulary: Vocabulary;
  lexicon?: Lexicon;
}

/**
 * A query word's forms in the other language that the index can match: its lexicon translations
 * (a phrase only when the index holds every term) and its cognates (a single stem the index holds).
 */
export function otherLanguageForms(word: QueryWord, context: CrossLanguageContext): Phrase[] {
  const { languages, vocabulary } = context;
  const lexicon = context.lexicon ?? defaultLexicon();
  const inIndex = (phrase: Phrase) => phrase.every((term) => hasTerm(vocabulary, term));
  const forms = new Map<string, Phrase>();
  for (const phrase of lexicon.translationsOf(word, languages))
    if (inIndex(phrase)) forms.set(phrase.join(' '), phrase);
  for (const language of word.text ? languages : []) {
    for (const stem of cognateStems(word.text!, language))
      if (hasTerm(vocabulary, stem)) forms.set(stem, [stem]);
  }
  return [...forms.values()];
}

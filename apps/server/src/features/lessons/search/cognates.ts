import type { Language } from '@teamboard/contract';
import { analyzeText, analyzeWord, foldAccents } from './analyzer.js';

/**
 * Regular English ↔ Spanish endings, on folded words: "integration" ↔ "integración", "velocity" ↔
 * "velocidad", "famous" ↔ "famoso", "prioritize" ↔ "priorizar", "strategy" ↔ "estrategia". Each rule
 * only proposes a spelling; cognates.ts keeps it only when the index holds its stem.
 */
const ENDINGS: readonly (readonly [en: string, es: string])[] = [
  ['ations', 'aciones'],
  ['tions', 'ciones'],
  ['tion', 'cion'],
  ['ssion', 'sion'],
  ['sion', 'sion'],
  ['ities', 'idades'],
  ['ity', 'idad'],
  ['ty', 'dad'],
  ['ous', 'oso'],
  ['ments', 'mentos'],
  ['ment', 'mento'],
  ['izing', 'izar'],
  ['ized', 'izar'],
  ['ize', 'izar'],
  ['ise', 'izar'],
  ['ical', 'ico'],
  ['ic', 'ico'],
  ['ics', 'ica'],
  ['ist', 'ista'],
  ['ism', 'ismo'],
  ['ance', 'ancia'],
  ['ence', 'encia'],
  ['ency', 'encia'],
  ['ary', 'ario'],
  ['ory', 'orio'],
  ['ive', 'ivo'],
  ['ure', 'ura'],
  ['ating', 'ar'],
  ['ated', 'ar'],
  ['ate', 'ar'],
  ['ify', 'ificar'],
  ['gy', 'gia'],
  ['phy', 'fia'],
  ['y', 'ia'],
  // English drops the final vowel of many Spanish nouns: "system" ↔ "sistema", "conflict" ↔ "conflicto".
  ['', 'a'],
  ['', 'o'],
];

/** Spelling differences inside a word: English → Spanish. */
const SPELLINGS: readonly (readonly [en: RegExp, es: string])[] = [
  [/ph/g, 'f'],
  [/th/g, 't'],
  [/y/g, 'i'],
  [/([bcdfgmnprtz])\1/g, '$1'],
];
const SPANISH_SPELLINGS: readonly (readonly [es: RegExp, en: string])[] = [
  [/f/g, 'ph'],
  // Only the first "i": "sistema" → "system", not "systyma".
  [/i/, 'y'],
];

/**
 * Words that look alike and mean different things ("actual" is "current" in Spanish, "librería" a
 * bookshop): no cognate is proposed from or to them.
 */
const FALSE_FRIENDS: Record<Language, readonly string[]> = {
  en: `actual actually eventual eventually library realize realise assist attend carpet sensible success
    exit career compromise embarrassed lecture pretend resume record introduce support fabric large
    topic policy constipated deception sympathetic molest casualty advertise notice parents college
    conductor contest disgust educated excited rope sane vase argument`.split(/\s+/),
  es: `actual actualmente eventual eventualmente libreria realizar asistir atender carpeta sensible suceso
    exito carrera compromiso embarazada lectura pretender resumir recordar introducir soportar fabrica
    largo topico politica constipado decepcion simpatico molestar casualidad advertir noticia parientes
    colegio conductor contestar disgusto educado excitado ropa sano vaso argumento`.split(/\s+/),
};
const MIN_WORD_LENGTH = 5;
const MIN_STEM_LENGTH = 4;

let falseFriendStems: Record<Language, ReadonlySet<string>> | undefined;

function isFalseFriend(language: Language, stem: string): boolean {
  falseFriendStems ??= {
    en: new Set(FALSE_FRIENDS.en.flatMap((word) => analyzeText(word, 'en'))),
    es: new Set(FALSE_FRIENDS.es.flatMap((word) => analyzeText(word, 'es'))),
  };
  return falseFriendStems[language].has(stem);
}

/**
 * The other language's stems a word may be a cognate of, read as `from`: its regular ending
 * swapped and its spelling adapted, each analyzed with the other language's stemmer. Candidates only:
 * the caller keeps those the index holds. None for short words and false friends.
 */
export function cognateStems(word: string, from: Language): string[] {
  const folded = foldAccents(word);
  const to: Language = from === 'en' ? 'es' : 'en';
  const ownStem = analyzeWord(folded, from);
  // The query is already searched with the word's stem in both languages: those add nothing.
  const searched = new Set([ownStem, analyzeWord(folded, to)]);
  if (folded.length < MIN_WORD_LENGTH || !ownStem || isFalseFriend(from, ownStem)) return [];
  const spellings = from === 'en' ? englishToSpanish(folded) : spanishToEnglish(folded);
  const stems = new Set<string>();
  for (const spelling of spellings) {
    const stem = analyzeWord(spelling, to);
    if (stem && stem.length >= MIN_STEM_LENGTH && !searched.has(stem) && !isFalseFriend(to, stem))
      stems.add(stem);
  }
  return [...stems];
}

function englishToSpanish(word: string): Set<string> {
  const swapped = swapEndings(word, 0, 1);
  const spellings = new Set<string>();
  for (const form of swapped) {
    for (const spelled of respellings(form, SPELLINGS)) {
      spellings.add(spelled);
      // Spanish puts an "e" before an initial s + consonant: "strategy" → "estrategia".
      if (/^s[^aeiou]/.test(spelled)) spellings.add(`e${spelled}`);
    }
  }
  return spellings;
}

function spanishToEnglish(word: string): Set<string> {
  const spellings = new Set<string>();
  for (const form of swapEndings(word, 1, 0)) {
    for (const spelled of respellings(form, SPANISH_SPELLINGS)) {
      spellings.add(spelled);
      if (/^es[^aeiou]/.test(spelled)) spellings.add(spelled.slice(1));
    }
  }
  return spellings;
}

/** The word with each matching ending swapped for its counterpart (longest endings first). */
function swapEndings(word: string, from: 0 | 1, to: 0 | 1): string[] {
  const forms: string[] = [];
  for (const rule of ENDINGS) {
    const ending = rule[from];
    if (word.endsWith(ending) && word.length - ending.length >= 2)
      forms.push(word.slice(0, -ending.length) + rule[to]);
  }
  return forms;
}

/** The form as it is and with each spelling rule applied alone (not combined: fewer false matches). */
function respellings(form: string, rules: readonly (readonly [RegExp, string])[]): string[] {
  const forms = [form];
  for (const [pattern, replacement] of rules) {
    const respelled = form.replace(pattern, replacement);
    if (respelled !== form) forms.push(respelled);
  }
  return forms;
}

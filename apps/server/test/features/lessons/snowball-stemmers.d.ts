// snowball-stemmers ships no types; this is the part of its API stemmers.test.ts compares against.
declare module 'snowball-stemmers' {
  export interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(algorithm: 'english' | 'spanish'): Stemmer;
}

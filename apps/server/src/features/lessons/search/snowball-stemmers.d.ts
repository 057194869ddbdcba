// snowball-stemmers ships no types; this is the part of its API the analyzer uses.
declare module 'snowball-stemmers' {
  export interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(algorithm: 'english' | 'spanish'): Stemmer;
  export function algorithms(): string[];
}

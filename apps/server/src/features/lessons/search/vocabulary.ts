/**
 * What query planning may ask of the index it plans for: how many lessons it holds and how many of
 * them hold a term (0: the term is not in the index). `TermIndex` is one.
 */
export interface Vocabulary {
  readonly size: number;
  documentFrequency(term: string): number;
}

export function hasTerm(vocabulary: Vocabulary, term: string): boolean {
  return vocabulary.documentFrequency(term) > 0;
}

/**
 * The inverted index under `LessonIndex`: analyzed terms → lessons, scored with BM25+ per field exactly
 * as MiniSearch 7 scores a query tree (same formula, parameters, boosts — nested ones multiply — and OR/AND semantics; it
 * replaced MiniSearch, whose per-match objects made a broad query allocate megabytes and spend most
 * of its time collecting garbage). A query is evaluated into flat arrays — lesson slots, scores and a
 * bitset of the query terms each matched — and nothing per lesson is allocated.
 */

type BoostTerm = (term: string, index: number, terms: string[]) => number;

/** A query tree as MiniSearch takes it: a leaf is one analyzed term; options are inherited downwards. */
export type Query = string | { combineWith?: 'OR' | 'AND'; boostTerm?: BoostTerm; queries: readonly Query[] };

export const FIELDS = ['title', 'tags', 'body'] as const;
export type FieldName = (typeof FIELDS)[number];
export type FieldTerms = Record<FieldName, readonly string[]>;

/** MiniSearch's BM25+ defaults. */
const K = 1.2;
const B = 0.7;
const D = 0.5;
/** Bits used per number of a term bitset (kept below 31 so bit operations stay positive). */
const BITS = 30;

/** A query tree evaluated: parallel arrays, `masks` holding `words` numbers per match. */
interface Matches {
  slots: number[];
  scores: number[];
  masks: number[];
}

/** A query's terms, each with its position in the bitsets. */
export interface QueryTerms {
  readonly list: readonly string[];
  readonly words: number;
}

/** What a search yields before ranking: the matched slots with their MiniSearch score and terms. */
export interface TermMatches extends Matches {
  terms: QueryTerms;
}

export class TermIndex {
  /** term → per field (title, tags, body): slot → term frequency. */
  private readonly postings = new Map<string, (Map<number, number> | undefined)[]>();
  /** term → how many lessons hold it in any field (its document frequency, for a concept's rarity). */
  private readonly lessonCounts = new Map<string, number>();
  private readonly slotOfId = new Map<number, number>();
  /** slot → lesson id, or -1 for a free slot. */
  private readonly idOfSlot: number[] = [];
  /** slot → the unique terms of each field (for removal) and each field's length. */
  private readonly fieldTermsOfSlot: (string[][] | undefined)[] = [];
  private readonly fieldLengths: number[][] = FIELDS.map(() => []);
  private readonly totalLengths = FIELDS.map(() => 0);
  private readonly freeSlots: number[] = [];
  private count = 0;
  /** Scratch: slot → position in the Matches being merged, or -1; always reset after use. */
  private positions = new Int32Array(0);

  constructor(private readonly boosts: readonly number[]) {}

  get size(): number {
    return this.count;
  }

  /**
   * How many lessons hold `term` in any field: 0 for a term outside the vocabulary. Query planning
   * uses it to keep only expansions the index can match, typo repair to tell a known word, and
   * ranking to weigh rare words above everyday ones.
   */
  documentFrequency(term: string): number {
    return this.lessonCounts.get(term) ?? 0;
  }

  idOf(slot: number): number {
    return this.idOfSlot[slot]!;
  }

  add(id: number, fields: FieldTerms): void {
    this.remove(id);
    const slot = this.freeSlots.pop() ?? this.idOfSlot.length;
    this.slotOfId.set(id, slot);
    this.idOfSlot[slot] = id;
    const uniqueByField: string[][] = [];
    FIELDS.forEach((field, fieldId) => {
      const terms = fields[field];
      const frequencies = new Map<string, number>();
      for (const term of terms) if (term) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      // MiniSearch's field length: the distinct tokens of the field, where an empty field is one token.
      const length = new Set(terms).size || 1;
      this.fieldLengths[fieldId]![slot] = length;
      this.totalLengths[fieldId]! += length;
      for (const [term, frequency] of frequencies) {
        let byField = this.postings.get(term);
        if (!byField) this.postings.set(term, (byField = []));
        (byField[fieldId] ??= new Map()).set(slot, frequency);
      }
      uniqueByField.push([...frequencies.keys()]);
    });
    this.countLessons(uniqueByField, 1);
    this.fieldTermsOfSlot[slot] = uniqueByField;
    this.count += 1;
    if (this.positions.length <= slot) this.growPositions(slot + 1);
  }

  remove(id: number): void {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return;
    const uniqueByField = this.fieldTermsOfSlot[slot]!;
    this.countLessons(uniqueByField, -1);
    uniqueByField.forEach((terms, fieldId) => {
      for (const term of terms) {
        const byField = this.postings.get(term)!;
        const field = byField[fieldId]!;
        field.delete(slot);
        if (field.size === 0) {
          byField[fieldId] = undefined;
          if (byField.every((map) => map === undefined)) this.postings.delete(term);
        }
      }
      this.totalLengths[fieldId]! -= this.fieldLengths[fieldId]![slot]!;
    });
    this.fieldTermsOfSlot[slot] = undefined;
    this.idOfSlot[slot] = -1;
    this.slotOfId.delete(id);
    this.freeSlots.push(slot);
    this.count -= 1;
  }

  private countLessons(uniqueByField: readonly (readonly string[])[], change: 1 | -1): void {
    for (const term of new Set(uniqueByField.flat())) {
      const count = (this.lessonCounts.get(term) ?? 0) + change;
      if (count > 0) this.lessonCounts.set(term, count);
      else this.lessonCounts.delete(term);
    }
  }

  /** Every lesson matching the tree, with MiniSearch's summed score and the query terms it matched. */
  search(query: Query): TermMatches {
    const list = [...new Set(leafTerms(query))];
    const terms: QueryTerms = { list, words: Math.max(1, Math.ceil(list.length / BITS)) };
    const bitOf = new Map(list.map((term, index) => [term, index]));
    return { ...this.evaluate(query, 'OR', undefined, terms, bitOf), terms };
  }

  private evaluate(
    query: Query,
    inheritedCombine: string,
    inheritedBoost: BoostTerm | undefined,
    terms: QueryTerms,
    bitOf: ReadonlyMap<string, number>,
  ): Matches {
    if (typeof query === 'string') {
      // A leaf is one analyzed term (MiniSearch would split it on spaces; terms hold none).
      const boost = inheritedBoost ? inheritedBoost(query, 0, [query]) : 1;
      return this.termMatches(query, boost, terms.words, bitOf.get(query)!);
    }
    const combine = (query.combineWith ?? inheritedCombine).toUpperCase();
    const boost = nestedBoost(query.boostTerm, inheritedBoost);
    const parts = query.queries.map((part) => this.evaluate(part, combine, boost, terms, bitOf));
    if (parts.length === 0) return { slots: [], scores: [], masks: [] };
    return parts.reduce((a, b) =>
      combine === 'AND' ? this.and(a, b, terms.words) : this.or(a, b, terms.words),
    );
  }

  private termMatches(term: string, termBoost: number, words: number, bit: number): Matches {
    const matches: Matches = { slots: [], scores: [], masks: [] };
    const byField = this.postings.get(term);
    if (!byField) return matches;
    const positions = this.positions;
    const word = Math.floor(bit / BITS);
    const flag = 1 << (bit % BITS);
    for (let fieldId = 0; fieldId < FIELDS.length; fieldId++) {
      const frequencies = byField[fieldId];
      if (!frequencies) continue;
      const fieldBoost = this.boosts[fieldId]!;
      const matching = frequencies.size;
      const inverse = Math.log(1 + (this.count - matching + 0.5) / (matching + 0.5));
      const averageLength = this.totalLengths[fieldId]! / this.count;
      const lengths = this.fieldLengths[fieldId]!;
      const weight = termBoost * fieldBoost;
      for (const [slot, frequency] of frequencies) {
        const raw =
          inverse *
          (D + (frequency * (K + 1)) / (frequency + K * (1 - B + (B * lengths[slot]!) / averageLength)));
        const score = weight * raw;
        const position = positions[slot]!;
        if (position < 0) {
          positions[slot] = matches.slots.length;
          matches.slots.push(slot);
          matches.scores.push(score);
          for (let w = 0; w < words; w++) matches.masks.push(w === word ? flag : 0);
        } else {
          matches.scores[position] = matches.scores[position]! + score;
        }
      }
    }
    for (const slot of matches.slots) positions[slot] = -1;
    return matches;
  }

  /** MiniSearch's OR: every match of either side, scores added, terms joined. */
  private or(a: Matches, b: Matches, words: number): Matches {
    const positions = this.positions;
    a.slots.forEach((slot, position) => (positions[slot] = position));
    b.slots.forEach((slot, from) => {
      const position = positions[slot]!;
      if (position < 0) {
        a.slots.push(slot);
        a.scores.push(b.scores[from]!);
        for (let w = 0; w < words; w++) a.masks.push(b.masks[from * words + w]!);
      } else {
        a.scores[position] = a.scores[position]! + b.scores[from]!;
        for (let w = 0; w < words; w++) {
          a.masks[position * words + w] = a.masks[position * words + w]! | b.masks[from * words + w]!;
        }
      }
    });
    for (const slot of a.slots) positions[slot] = -1;
    return a;
  }

  /** MiniSearch's AND: the matches of both sides, scores added, terms joined. */
  private and(a: Matches, b: Matches, words: number): Matches {
    const positions = this.positions;
    a.slots.forEach((slot, position) => (positions[slot] = position));
    const combined: Matches = { slots: [], scores: [], masks: [] };
    b.slots.forEach((slot, from) => {
      const position = positions[slot]!;
      if (position < 0) return;
      combined.slots.push(slot);
      combined.scores.push(a.scores[position]! + b.scores[from]!);
      for (let w = 0; w < words; w++)
        combined.masks.push(a.masks[position * words + w]! | b.masks[from * words + w]!);
    });
    for (const slot of a.slots) positions[slot] = -1;
    return combined;
  }

  private growPositions(minimum: number): void {
    const grown = new Int32Array(Math.max(minimum, this.positions.length * 2, 1024)).fill(-1);
    this.positions = grown;
  }
}

/**
 * A boost inside a boosted subtree multiplies it (MiniSearch would replace it): a glossary translation
 * (×0.8) of a word found by fuzzy matching (×0.85) counts ×0.68.
 */
function nestedBoost(own: BoostTerm | undefined, inherited: BoostTerm | undefined): BoostTerm | undefined {
  if (!own || !inherited) return own ?? inherited;
  return (term, index, terms) => own(term, index, terms) * inherited(term, index, terms);
}

function leafTerms(query: Query): string[] {
  return typeof query === 'string' ? [query] : query.queries.flatMap(leafTerms);
}

/** The number of terms set in match `index`'s bitset. */
export function termCount(masks: readonly number[], index: number, words: number): number {
  let count = 0;
  for (let w = 0; w < words; w++) {
    let bits = masks[index * words + w]!;
    while (bits !== 0) {
      bits &= bits - 1;
      count += 1;
    }
  }
  return count;
}

/** The terms set in match `index`'s bitset. */
export function termsOf(matches: TermMatches, index: number): string[] {
  const { list, words } = matches.terms;
  const found: string[] = [];
  list.forEach((term, bit) => {
    if (matches.masks[index * words + Math.floor(bit / BITS)]! & (1 << (bit % BITS))) found.push(term);
  });
  return found;
}

/** Whether match `index` holds term number `bit`. */
export function hasTerm(matches: TermMatches, index: number, bit: number): boolean {
  return (matches.masks[index * matches.terms.words + Math.floor(bit / BITS)]! & (1 << (bit % BITS))) !== 0;
}

import type { Concept } from '../../lessons/lessons.service.js';

/**
 * How rare each analyzed term is among the cards, so a question's ideas can be weighed: a word most
 * cards share ("team", "project") says little about which card answers, a word no card holds says
 * the question is about something else.
 */
export class TermRarity {
  private readonly cardsWithTerm = new Map<string, Set<number>>();
  private cards = 0;

  /** Counts card number `card` (each card once, whatever its languages) as holding `terms`. */
  add(card: number, terms: Iterable<string>): void {
    this.cards = Math.max(this.cards, card + 1);
    for (const term of terms) {
      let holders = this.cardsWithTerm.get(term);
      if (!holders) this.cardsWithTerm.set(term, (holders = new Set()));
      holders.add(card);
    }
  }

  /** An idea's weight: the inverse document frequency of the cards holding any of its terms. */
  weightOf(concept: Concept): number {
    const holders = new Set<number>();
    for (const term of concept.terms)
      for (const card of this.cardsWithTerm.get(term) ?? []) holders.add(card);
    return Math.log(1 + this.cards / (holders.size + 0.5));
  }
}

/**
 * The share of the question's meaning a card covers: the rarity-weighted share of its ideas
 * (concepts) that the card matched. One shared everyday word covers little of "how do I cook rice
 * for the team"; the key words of a question its card answers cover most of it.
 */
export function coverage(
  concepts: readonly Concept[],
  weights: readonly number[],
  matchedTerms: ReadonlySet<string>,
): number {
  let matched = 0;
  let total = 0;
  concepts.forEach((concept, index) => {
    total += weights[index]!;
    if ([...concept.terms].some((term) => matchedTerms.has(term))) matched += weights[index]!;
  });
  return total === 0 ? 0 : matched / total;
}

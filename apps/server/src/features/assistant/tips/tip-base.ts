import type { Language } from '@teamboard/contract';
import { LessonIndex } from '../../lessons/lessons.service.js';
import cardsA from './cards-a.json' with { type: 'json' };
import cardsB from './cards-b.json' with { type: 'json' };

/** One card of the curated tip base (cards-*.json), in both languages. */
export interface TipCard {
  id: string;
  topic: string;
  tags: string[];
  en: { title: string; body: string };
  es: { title: string; body: string };
}

export const TIP_CARDS: readonly TipCard[] = [...cardsA, ...cardsB];

export interface TipHit {
  card: TipCard;
  score: number;
}

const LANGUAGES: readonly Language[] = ['en', 'es'];

/**
 * The tip base, indexed like lessons (lessons/search): each card twice, once per language, so a
 * question in either language finds it; a hit answers in the asker's language whichever matched.
 */
export class TipBase {
  private readonly index = new LessonIndex();

  constructor(private readonly cards: readonly TipCard[] = TIP_CARDS) {
    cards.forEach((card, position) => {
      LANGUAGES.forEach((language, offset) => {
        this.index.upsert({
          id: position * 2 + offset + 1,
          title: card[language].title,
          problem: card[language].body,
          solution: '',
          tags: card.tags,
          language,
          votes: 0,
          publishedAt: '2026-01-01T00:00:00.000Z',
        });
      });
    });
  }

  get size(): number {
    return this.cards.length;
  }

  /** The best cards for `question`, best first, each once. */
  search(question: string, limit: number): TipHit[] {
    const { hits } = this.index.search(question, { limit: limit * 2 });
    const seen = new Set<string>();
    const found: TipHit[] = [];
    for (const hit of hits) {
      const card = this.cards[Math.floor((hit.id - 1) / 2)]!;
      if (seen.has(card.id)) continue;
      seen.add(card.id);
      found.push({ card, score: hit.score });
      if (found.length === limit) break;
    }
    return found;
  }
}

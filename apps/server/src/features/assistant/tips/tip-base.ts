import type { Language } from '@teamboard/contract';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
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
  /** The rarity-weighted share of the question's ideas the card matched (lessons search coverage), 0–1. */
  coverage: number;
  /** Whether the card covers enough of the question to be offered as its answer. */
  fits: boolean;
}

export interface TipSearch {
  /** Best first, each card once. */
  hits: TipHit[];
  /** No card covers the question's meaning: the tips engine says so rather than offer an unrelated tip. */
  noneFits: boolean;
}

const LANGUAGES: readonly Language[] = ['en', 'es'];

/**
 * The least share of a question's meaning (the lessons search's coverage) a card must cover to
 * answer it. Cards are short, so they cover less of a question than a lesson does: their own
 * threshold, tuned on the development questions only (bench/assistant/tip-questions-*.json,
 * 0.73 of out-of-scope refused and 0.06 of answerable ones wrongly refused), never on the test set.
 */
export const MIN_TIP_COVERAGE = 0.4;

/** Cards indexed between two yields of a background build: a few milliseconds of a busy core. */
const CARDS_PER_STEP = 8;

/**
 * The tip base, indexed like lessons (lessons/search): each card twice, once per language, so a
 * question in either language finds it; a hit answers in the asker's language whichever matched.
 *
 * Indexing all cards costs ~100 ms of a quiet core and seconds of a loaded one, so it is not done
 * while the server starts: `warm()` indexes a few cards at a time in the background (requests are
 * served between steps), and a search that comes first indexes whatever is left itself.
 */
export class TipBase {
  private readonly index = new LessonIndex();
  private indexed = 0;

  constructor(private readonly cards: readonly TipCard[] = TIP_CARDS) {}

  /** Indexes the rest of the cards in small steps, yielding to the event loop between them. */
  async warm(): Promise<void> {
    while (this.indexed < this.cards.length) {
      this.indexUpTo(this.indexed + CARDS_PER_STEP);
      await yieldToEventLoop();
    }
  }

  private indexUpTo(end: number): void {
    for (; this.indexed < Math.min(end, this.cards.length); this.indexed += 1) {
      const card = this.cards[this.indexed]!;
      LANGUAGES.forEach((language, offset) => {
        const { title, body } = card[language];
        this.index.upsert({
          id: this.indexed * 2 + offset + 1,
          title,
          problem: body,
          solution: '',
          tags: card.tags,
          language,
          votes: 0,
          publishedAt: '2026-01-01T00:00:00.000Z',
        });
      });
    }
  }

  get size(): number {
    return this.cards.length;
  }

  /** The best cards for `question`, best first, each once, and whether none of them fits. */
  search(question: string, limit: number): TipSearch {
    this.indexUpTo(this.cards.length);
    // A card is indexed once per language: twice the hits give `limit` distinct cards.
    const { hits } = this.index.search(question, { limit: limit * 2 });
    const byCard = new Map<string, TipHit>();
    for (const hit of hits) {
      const card = this.cards[Math.floor((hit.id - 1) / 2)]!;
      const seen = byCard.get(card.id);
      if (seen) seen.coverage = Math.max(seen.coverage, hit.coverage);
      else if (byCard.size < limit)
        byCard.set(card.id, { card, score: hit.score, coverage: hit.coverage, fits: false });
    }
    const found = [...byCard.values()];
    for (const hit of found) hit.fits = hit.coverage >= MIN_TIP_COVERAGE;
    return { hits: found, noneFits: !(found[0]?.fits ?? false) };
  }
}

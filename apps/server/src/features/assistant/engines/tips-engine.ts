import { translate } from '@teamboard/i18n/server';
import type { Engine, EngineAnswer, EngineQuestion } from './engine.js';
import type { TipBase } from '../tips/tip-base.js';

/** How many candidates are read so a slot can skip the cards other slots already show. */
const CANDIDATES = 6;

/**
 * Engine 1: the best card of the curated tip base that no other slot shows yet, or, when no card
 * covers the question's meaning, a plain "no tip fits" rather than an unrelated tip (issue 46).
 */
export class TipsEngine implements Engine {
  readonly id = 1;
  readonly streams = false;

  /** `tips` is called at every answer: it may load the tip base the first time (loadOnFirstUse). */
  constructor(private readonly tips: () => Promise<TipBase>) {}

  async answer(question: EngineQuestion): Promise<EngineAnswer | null> {
    const { hits, noneFits } = (await this.tips()).search(question.question, CANDIDATES);
    if (noneFits) {
      const markdown = translate(question.language, 'assistant_engine:tips.none');
      return { markdown, sources: [], artifact: null };
    }
    const hit = hits.find(({ card, fits }) => fits && !question.exclude.has(`tip:${card.id}`));
    if (!hit) return null;
    const text = hit.card[question.language];
    return {
      markdown: `**${text.title}**\n\n${text.body}`,
      sources: [{ kind: 'tip', id: hit.card.id, title: text.title, url: null }],
      artifact: null,
    };
  }
}

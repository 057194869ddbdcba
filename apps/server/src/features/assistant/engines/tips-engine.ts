import type { Engine, EngineAnswer, EngineQuestion } from './engine.js';
import type { TipBase } from '../tips/tip-base.js';

/** How many candidates are read so a slot can skip the cards other slots already show. */
const CANDIDATES = 6;

/** Engine 1: the best card of the curated tip base that no other slot shows yet. */
export class TipsEngine implements Engine {
  readonly id = 1;
  readonly streams = false;

  /** `tips` is called at every answer: it may load the tip base the first time (loadOnFirstUse). */
  constructor(private readonly tips: () => Promise<TipBase>) {}

  async answer(question: EngineQuestion): Promise<EngineAnswer | null> {
    const hit = (await this.tips())
      .search(question.question, CANDIDATES)
      .find(({ card }) => !question.exclude.has(`tip:${card.id}`));
    if (!hit) return null;
    const text = hit.card[question.language];
    return {
      markdown: `**${text.title}**\n\n${text.body}`,
      sources: [{ kind: 'tip', id: hit.card.id, title: text.title, url: null }],
      artifact: null,
    };
  }
}

import { describe, expect, it } from 'vitest';
import { warmAssistant } from '../../../src/features/assistant/assistant-warmup.js';
import { TipBase } from '../../../src/features/assistant/tips/tip-base.js';

const QUESTION = 'How do we split a user story that is too big for one sprint?';
const cardIds = (base: TipBase) => base.search(QUESTION, 3).hits.map((hit) => hit.card.id);

describe('the assistant warmed after start (issue 44.10)', () => {
  it('indexes the tip base in small steps, letting other work run between them', async () => {
    const base = new TipBase();
    let isWarm = false;
    const warming = base.warm().then(() => (isWarm = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(isWarm).toBe(false);
    await warming;
    expect(cardIds(base)).toEqual(cardIds(new TipBase()));
  });

  it('answers a question that comes before the warm-up ends with the whole tip base', async () => {
    const base = new TipBase();
    const warming = base.warm();
    const early = cardIds(base);
    await warming;
    expect(early).toEqual(cardIds(base));
    expect(early).toHaveLength(3);
  });

  it('runs the lessons search once in each language', async () => {
    const searched: (string | undefined)[] = [];
    await warmAssistant({
      tips: new TipBase(),
      lessons: {
        search: async (_query, options) => {
          searched.push(options.language);
          return { hits: [], noneFits: false };
        },
      },
    });
    expect(searched).toEqual(['en', 'es']);
  });
});

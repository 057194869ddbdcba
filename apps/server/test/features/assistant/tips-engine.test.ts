import { describe, expect, it } from 'vitest';
import type { EngineQuestion } from '../../../src/features/assistant/engines/engine.js';
import { TipsEngine } from '../../../src/features/assistant/engines/tips-engine.js';
import { MIN_TIP_COVERAGE, TipBase } from '../../../src/features/assistant/tips/tip-base.js';

const tips = new TipBase();

function ask(question: string, language: 'en' | 'es', exclude: string[] = []) {
  return new TipsEngine(async () => tips).answer({
    question,
    language,
    exclude: new Set(exclude),
  } as unknown as EngineQuestion);
}

describe('tip base: "no tip fits"', () => {
  it('offers the card that covers the question', () => {
    const { hits, noneFits } = tips.search('how do we fix a merge conflict', 3);
    expect(noneFits).toBe(false);
    expect(hits[0]).toMatchObject({ card: { id: 'a-git-merge-conflicts' }, fits: true });
  });

  it('says none fits when the best card shares only an everyday word with the question', () => {
    const { hits, noneFits } = tips.search('how do I cook rice for the whole team on our trip', 3);
    expect(noneFits).toBe(true);
    expect(hits[0]!.coverage).toBeLessThan(MIN_TIP_COVERAGE);
    expect(tips.search('¿qué portátil me compro para la carrera?', 3).noneFits).toBe(true);
    expect(tips.search('', 3).noneFits).toBe(true);
  });
});

describe('tips engine', () => {
  it('answers with a card in the asker language', async () => {
    const answer = await ask('alguien hizo push directo a main y rompió todo', 'es');
    expect(answer!.sources).toEqual([expect.objectContaining({ kind: 'tip', id: 'a-git-protect-main' })]);
  });

  it('answers "no tip fits", localized and without a source, rather than an unrelated tip', async () => {
    const en = await ask('can I get an extension on the essay deadline because I was sick', 'en');
    expect(en).toEqual({
      markdown: expect.stringMatching(/^None of the tips I know fits/),
      sources: [],
      artifact: null,
    });
    const es = await ask('¿cuánto cuesta la matrícula del segundo año?', 'es');
    expect(es!.markdown).toMatch(/^Ninguno de mis consejos encaja/);
  });

  it('never offers a card other slots show, nor one that does not fit', async () => {
    const answer = await ask('how do we fix a merge conflict', 'en', ['tip:a-git-merge-conflicts']);
    expect(answer?.sources[0]?.id).not.toBe('a-git-merge-conflicts');
  });
});

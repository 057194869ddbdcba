import { describe, expect, it, vi } from 'vitest';
import { analyzeWord } from '../../../src/features/lessons/search/analyzer.js';
import { Glossary, type QueryWord } from '../../../src/features/lessons/search/glossary.js';
import glossaryData from '../../../src/features/lessons/search/glossary.json' with { type: 'json' };
import { Lexicon, parseLexiconLine } from '../../../src/features/lessons/search/lexicon.js';
import lexiconData from '../../../src/features/lessons/search/lexicon.json' with { type: 'json' };

const queryWords = (text: string): QueryWord[] =>
  text.split(' ').map((word) => ({ en: analyzeWord(word, 'en')!, es: analyzeWord(word, 'es')!, text: word }));

describe('the glossary and lexicon prepared before the first search (issue 46)', () => {
  it('are prepared in steps, other work running between them, the same as built at once', async () => {
    // Fresh modules: the suite runs files in a shared worker (--no-isolate), where an earlier file may
    // already have prepared the process-wide glossary and lexicon.
    vi.resetModules();
    const { prepareGlossaryAndLexicon } =
      await import('../../../src/features/lessons/search/prepare-glossary-and-lexicon.js');
    const { defaultGlossary } = await import('../../../src/features/lessons/search/glossary.js');
    const { defaultLexicon } = await import('../../../src/features/lessons/search/lexicon.js');
    let turnsMeanwhile = 0;
    let isPrepared = false;
    const preparing = prepareGlossaryAndLexicon(0).then(() => (isPrepared = true));
    while (!isPrepared) {
      await new Promise((resolve) => setImmediate(resolve));
      turnsMeanwhile += 1;
    }
    await preparing;
    expect(turnsMeanwhile).toBeGreaterThan(10);

    const atOnce = new Glossary(Object.values(glossaryData.topics).flat());
    for (const text of ['pull request', 'rama principal', 'merge conflict']) {
      const words = queryWords(text);
      expect(defaultGlossary().longestMatchAt(words, 0)).toEqual(atOnce.longestMatchAt(words, 0));
    }
    const lexicon = new Lexicon(Object.values(lexiconData.topics).flat().map(parseLexiconLine));
    for (const word of queryWords('deployed juntamos meeting')) {
      expect(defaultLexicon().translationsOf(word, ['en', 'es'])).toEqual(
        lexicon.translationsOf(word, ['en', 'es']),
      );
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { EngineQuestion } from '../../../src/features/assistant/engines/engine.js';
import {
  LessonsEngine,
  type LessonRetrievalResult,
} from '../../../src/features/assistant/engines/lessons-engine.js';

function engineAnswering(result: LessonRetrievalResult) {
  return new LessonsEngine({
    search: async () => result,
    texts: async (ids) =>
      ids.map(
        (id) =>
          ({ id, title: `Lesson ${id}`, problem: 'A problem.', solution: 'A fix.', language: 'en' }) as const,
      ),
  });
}

function question(exclude: string[] = []): EngineQuestion {
  return {
    kind: 'general',
    question: 'how do we stop merge conflicts',
    image: null,
    language: 'en',
    projectId: null,
    task: null,
    history: [],
    exclude: new Set(exclude),
    signal: new AbortController().signal,
  } as unknown as EngineQuestion;
}

const hit = (id: number, coverage: number) => ({ id, score: 10 - id, coverage });

async function citedIds(result: LessonRetrievalResult, exclude: string[] = []) {
  const answer = await engineAnswering(result).answer(question(exclude));
  return answer!.sources.map((source) => Number(source.id));
}

describe('LessonsEngine: what it cites', () => {
  it('cites three lessons when three cover the question', async () => {
    const hits = [hit(1, 0.9), hit(2, 0.6), hit(3, 0.4), hit(4, 0.4)];
    expect(await citedIds({ noneFits: false, hits })).toEqual([1, 2, 3]);
  });

  it('cites one when the others share only a word with the question', async () => {
    const hits = [hit(1, 0.8), hit(2, 0.1), hit(3, 0.05)];
    expect(await citedIds({ noneFits: false, hits })).toEqual([1]);
  });

  it('cites none, and says so, when the search says no lesson fits', async () => {
    const answer = await engineAnswering({ noneFits: true, hits: [hit(1, 0.2)] }).answer(question());
    expect(answer!.sources).toEqual([]);
    expect(answer!.markdown).not.toContain('/lessons/1');
  });

  it('leaves out lessons another slot already shows', async () => {
    const hits = [hit(1, 0.9), hit(2, 0.6)];
    expect(await citedIds({ noneFits: false, hits }, ['lesson:1'])).toEqual([2]);
  });
});

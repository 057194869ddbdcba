import { describe, expect, it } from 'vitest';
import { conceptWeight } from '../../../src/features/lessons/search/informativeness.js';
import type { Vocabulary } from '../../../src/features/lessons/search/vocabulary.js';

function vocabularyOf(lessonsByTerm: Record<string, number>, size: number): Vocabulary {
  return { size, documentFrequency: (term) => lessonsByTerm[term] ?? 0 };
}

describe('conceptWeight', () => {
  const vocabulary = vocabularyOf({ team: 90, equip: 80, budget: 3, presupuest: 2 }, 100);

  it('weighs a concept found in few lessons above one found in most', () => {
    expect(conceptWeight(['budget', 'presupuest'], vocabulary)).toBeGreaterThan(
      2 * conceptWeight(['team', 'equip'], vocabulary),
    );
  });

  it('counts a concept by its commonest form, since a lesson holding any form holds the concept', () => {
    expect(conceptWeight(['budget', 'equip'], vocabulary)).toBe(conceptWeight(['equip'], vocabulary));
  });
});

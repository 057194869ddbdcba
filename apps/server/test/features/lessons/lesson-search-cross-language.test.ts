import { describe, expect, it } from 'vitest';
import { cognateStems } from '../../../src/features/lessons/search/cognates.js';
import { otherLanguageForms } from '../../../src/features/lessons/search/cross-language.js';
import { conceptRarity } from '../../../src/features/lessons/search/informativeness.js';
import { defaultLexicon, Lexicon, parseLexiconLine } from '../../../src/features/lessons/search/lexicon.js';
import lexiconData from '../../../src/features/lessons/search/lexicon.json' with { type: 'json' };
import { queryWords } from '../../../src/features/lessons/search/query-plan.js';
import { queryLanguages } from '../../../src/features/lessons/search/query-language.js';
import { LessonIndex, type SearchableLesson } from '../../../src/features/lessons/search/lesson-index.js';
import type { Vocabulary } from '../../../src/features/lessons/search/vocabulary.js';

let nextId = 1;

function lesson(fields: Partial<SearchableLesson> & { title: string; problem: string }): SearchableLesson {
  return {
    id: nextId++,
    solution: 'We talked about it and changed how we work.',
    tags: [],
    language: 'en',
    votes: 0,
    publishedAt: '2025-03-01T10:00:00.000Z',
    ...fields,
  };
}

function vocabularyOf(lessonsByTerm: Record<string, number>, size: number): Vocabulary {
  return { size, documentFrequency: (term) => lessonsByTerm[term] ?? 0 };
}

describe('conceptRarity', () => {
  const vocabulary = vocabularyOf({ team: 90, equip: 80, budget: 3, presupuest: 2 }, 100);

  it('weighs a concept found in few lessons above one found in most', () => {
    expect(conceptRarity(['budget', 'presupuest'], vocabulary)).toBeGreaterThan(
      2 * conceptRarity(['team', 'equip'], vocabulary),
    );
  });

  it('counts a concept by its commonest form, since a lesson holding any form holds the concept', () => {
    expect(conceptRarity(['budget', 'equip'], vocabulary)).toBe(conceptRarity(['equip'], vocabulary));
  });
});

function topIds(lessons: SearchableLesson[], query: string): number[] {
  const index = new LessonIndex();
  index.replaceAll(lessons);
  return index.search(query, { limit: 3 }).hits.map((hit) => hit.id);
}

describe('LessonIndex: the other language through the lexicon', () => {
  const budget = lesson({
    title: 'Nos quedamos sin presupuesto',
    problem: 'El presupuesto del curso no alcanzaba para pagar el alojamiento de la aplicación del equipo.',
    language: 'es',
  });
  const courseSlides = lesson({
    title: 'The course had too many slides',
    problem: 'Every week of the course brought forty slides and nobody read them.',
  });
  const laptop = lesson({
    title: 'The battery died during the demo',
    problem: 'Our only laptop ran out of battery in the middle of the demo.',
  });
  const demoDay = lesson({
    title: 'La demo final del semestre',
    problem: 'Preparamos la demo final con todo el equipo durante una semana.',
    language: 'es',
  });
  const lessons = [budget, courseSlides, laptop, demoDay];

  it('finds the Spanish lesson for an English question through a translated key word', () => {
    expect(topIds(lessons, 'we ran out of budget for the course')[0]).toBe(budget.id);
  });

  it('finds the English lesson for a Spanish question through a translated key word', () => {
    expect(topIds(lessons, 'al equipo se le acabó la batería en la demo')[0]).toBe(laptop.id);
  });
});

describe('Lexicon', () => {
  it('parses a line into the words of each side', () => {
    expect(parseLexiconLine('release, launch = lanzamiento, versión')).toEqual({
      en: ['release', 'launch'],
      es: ['lanzamiento', 'versión'],
    });
  });

  it('finds an inflected word by its stem and gives translations as stems of the other language', () => {
    const lexicon = new Lexicon([
      parseLexiconLine('deploy = desplegar'),
      parseLexiconLine('deadline = fecha límite'),
    ]);
    const [deployed] = queryWords('deployed');
    expect(lexicon.translationsOf(deployed!, ['en'])).toEqual([['despleg']]);
    const [deadlines] = queryWords('deadlines');
    expect(lexicon.translationsOf(deadlines!, ['en'])).toEqual([['fech', 'limit']]);
  });

  it('prefers the headword typed exactly over others sharing its stem', () => {
    const lexicon = new Lexicon([parseLexiconLine('join = juntar'), parseLexiconLine('board = junta')]);
    const [junta] = queryWords('junta');
    expect(lexicon.translationsOf(junta!, ['es'])).toEqual([['board']]);
    const [juntamos] = queryWords('juntamos');
    expect(lexicon.translationsOf(juntamos!, ['es'])).toEqual([['join'], ['board']]);
  });

  it('looks a word up only in the languages the query may be in', () => {
    const lexicon = new Lexicon([parseLexiconLine('network = red')]);
    const [red] = queryWords('red');
    expect(lexicon.translationsOf(red!, ['en'])).toEqual([]);
    expect(lexicon.translationsOf(red!, ['es'])).toEqual([['network']]);
  });

  it('does not look up phrases as headwords (only their translations are phrases)', () => {
    const lexicon = new Lexicon([parseLexiconLine('turn off = apagar')]);
    const [turn] = queryWords('turn');
    expect(lexicon.translationsOf(turn!, ['en'])).toEqual([]);
  });

  it('ships several thousand general English–Spanish pairs, every line with both sides', () => {
    const lines = Object.values(lexiconData.topics).flat().map(parseLexiconLine);
    expect(lines.every((line) => line.en.length > 0 && line.es.length > 0)).toBe(true);
    const pairs = lines.reduce((sum, line) => sum + line.en.length * line.es.length, 0);
    expect(pairs).toBeGreaterThan(3000);
    const [meeting] = queryWords('meetings');
    expect(defaultLexicon().translationsOf(meeting!, ['en'])).toContainEqual(['reunion']);
  });
});

describe('cognateStems', () => {
  it('swaps regular endings and spellings between English and Spanish', () => {
    expect(cognateStems('session', 'en')).toContain('sesion');
    expect(cognateStems('famous', 'en')).toContain('famos');
    expect(cognateStems('strategy', 'en')).toContain('estrategi');
    expect(cognateStems('sistema', 'es')).toContain('system');
    expect(cognateStems('sesión', 'es')).toContain('session');
  });

  it('proposes nothing for short words or false friends', () => {
    expect(cognateStems('idea', 'en')).toEqual([]);
    expect(cognateStems('actual', 'en')).toEqual([]);
    expect(cognateStems('library', 'en')).toEqual([]);
    expect(cognateStems('librería', 'es')).toEqual([]);
    expect(cognateStems('carpeta', 'es')).toEqual([]);
  });

  it('never proposes the stems the query is already searched with', () => {
    expect(cognateStems('integration', 'en')).not.toContain('integr');
  });
});

describe('otherLanguageForms', () => {
  const vocabulary = vocabularyOf({ sesion: 1, famos: 1, reunion: 2 }, 10);

  it('keeps only the cognates and translations the index holds', () => {
    const [session] = queryWords('session');
    expect(otherLanguageForms(session!, { languages: ['en'], vocabulary })).toEqual([['sesion']]);
    const [famous] = queryWords('famous');
    expect(otherLanguageForms(famous!, { languages: ['en'], vocabulary: vocabularyOf({}, 10) })).toEqual([]);
  });

  it('does not merge unrelated words that merely look alike', () => {
    const everyTerm = { size: 10, documentFrequency: () => 1 };
    const [carpet] = queryWords('carpet');
    expect(otherLanguageForms(carpet!, { languages: ['en'], vocabulary: everyTerm })).not.toContainEqual([
      'carpet',
    ]);
    const [exit] = queryWords('éxito');
    expect(otherLanguageForms(exit!, { languages: ['es'], vocabulary: everyTerm })).not.toContainEqual([
      'exit',
    ]);
  });
});

describe('queryLanguages', () => {
  it('reads the query language from its function words or Spanish letters', () => {
    expect(queryLanguages('how do we fix the red button')).toEqual(['en']);
    expect(queryLanguages('cómo arreglamos la red de la oficina')).toEqual(['es']);
    expect(queryLanguages('contraseña olvidada')).toEqual(['es']);
  });

  it('keeps both languages when nothing tells them apart', () => {
    expect(queryLanguages('merge conflict')).toEqual(['en', 'es']);
  });
});

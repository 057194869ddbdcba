import type { Language, TextSegment } from '@teamboard/contract';
import { describe, expect, it } from 'vitest';
import { analyzeWord } from '../../../src/features/lessons/search/analyzer.js';
import { highlightSegments, snippetSegments } from '../../../src/features/lessons/search/highlight.js';
import { LessonIndex, type SearchableLesson } from '../../../src/features/lessons/search/lesson-index.js';
import { lesson } from './searchable-lesson.js';

/** A small collection on several topics in both languages, so a wrong match has somewhere to rank. */
function topicLessons() {
  const merge = lesson({
    title: 'Conflictos al fusionar ramas',
    problem: 'Cada uno trabajaba semanas en su rama y al fusionar aparecían decenas de conflictos.',
    solution: 'Traemos los cambios de main todos los días y las ramas duran poco.',
    tags: ['git'],
    language: 'es',
  });
  const unitTests = lesson({
    title: 'Unit tests that depended on the clock',
    problem: 'Our unit tests failed at midnight because they compared dates with the real clock.',
    solution: 'Code receives a clock and tests pass a fixed one.',
    tags: ['testing'],
  });
  const meeting = lesson({
    title: 'Una reunión semanal con el cliente',
    problem: 'El cliente cambiaba de idea en cada reunión y nadie tomaba notas.',
    solution: 'Preparamos una agenda y enviamos un acta después de cada reunión.',
    tags: ['cliente', 'comunicación'],
    language: 'es',
  });
  const database = lesson({
    title: 'Slow pages because of a missing index',
    problem: 'The database scanned the whole orders table on every search.',
    solution: 'We added an index on the customer column and checked the plan with EXPLAIN.',
    tags: ['database', 'performance'],
  });
  const pullRequests = lesson({
    title: 'Solicitudes de cambios demasiado grandes',
    problem: 'Nadie quería revisar solicitudes de cambios de dos mil líneas.',
    solution: 'Máximo 400 líneas por solicitud y una sola funcionalidad en cada una.',
    tags: ['git', 'revisión de código'],
    language: 'es',
  });
  const teamwork = lesson({
    title: 'A teammate stopped answering messages',
    problem: 'One member disappeared for two weeks holding critical tasks.',
    solution: 'Tasks untouched for three days are reassigned and we tell the instructor early.',
    tags: ['teamwork'],
  });
  return { merge, unitTests, meeting, database, pullRequests, teamwork };
}

function indexOf(lessons: Iterable<SearchableLesson>): LessonIndex {
  const index = new LessonIndex();
  index.replaceAll(lessons);
  return index;
}

function topIds(index: LessonIndex, query: string, limit = 10): number[] {
  return index.search(query, { limit }).hits.map((hit) => hit.id);
}

function rejoin(segments: readonly TextSegment[]): string {
  return segments.map((segment) => segment.text).join('');
}

function marked(segments: readonly TextSegment[]): string[] {
  return segments.filter((segment) => segment.match).map((segment) => segment.text);
}

function matchedTermsFor(query: string, target: SearchableLesson, others: SearchableLesson[] = []): string[] {
  const hit = indexOf([target, ...others])
    .search(query)
    .hits.find((candidate) => candidate.id === target.id);
  if (!hit) throw new Error(`"${query}" did not find lesson ${target.id}`);
  return hit.matchedTerms;
}

describe('LessonIndex: across languages', () => {
  const lessons = topicLessons();
  const index = indexOf(Object.values(lessons));

  it('finds the Spanish lesson for an English query and the English lesson for a Spanish one', () => {
    expect(topIds(index, 'merge conflict')[0]).toBe(lessons.merge.id);
    expect(topIds(index, 'pruebas unitarias')[0]).toBe(lessons.unitTests.id);
    expect(topIds(index, 'how do I fix a slow base de datos')[0]).toBe(lessons.database.id);
  });

  it('matches multi-word glossary phrases as a whole', () => {
    expect(topIds(index, 'pull request too big')[0]).toBe(lessons.pullRequests.id);
    expect(topIds(index, 'base de datos')).toEqual([lessons.database.id]);
    const spanish = [
      lesson({ title: 'Perdimos la base de datos sin respaldo', language: 'es' }),
      lesson({ title: 'La base de nuestro proyecto', language: 'es' }),
      lesson({ title: 'Datos de prueba compartidos', language: 'es' }),
    ];
    expect(topIds(indexOf(spanish), 'database')).toEqual([spanish[0]!.id]);
  });

  it('ignores accents both ways', () => {
    expect(topIds(index, 'reunion')[0]).toBe(lessons.meeting.id);
    expect(topIds(index, 'reunión')[0]).toBe(lessons.meeting.id);
    const unaccented = indexOf([
      lesson({ title: 'La fusion de ramas sin acentos', language: 'es', tags: ['git'] }),
    ]);
    expect(unaccented.search('fusión').total).toBe(1);
    expect(unaccented.search('fusion').total).toBe(1);
    // ñ survives the Spanish stemmer: only folding makes these meet.
    const password = indexOf([lesson({ title: 'Cambiar la contraseña del administrador', language: 'es' })]);
    expect(password.search('contrasena').total).toBe(1);
  });

  it('stems unaccented Spanish like accented Spanish, plurals and verbs included', () => {
    const stems = (...words: string[]) => new Set(words.map((word) => analyzeWord(word, 'es')));
    expect(stems('integración', 'integracion', 'integraciones', 'Integración')).toEqual(stems('integrar'));
    expect(stems('metodología', 'metodologia', 'metodologías', 'metodologias').size).toBe(1);
    expect(stems('fusionábamos', 'fusionabamos', 'fusión', 'fusion', 'fusionar').size).toBe(1);
  });

  it('lists nothing for a query about something no lesson mentions', () => {
    expect(index.search('kubernetes helm chart').total).toBe(0);
  });
});

describe('LessonIndex: filters and pages', () => {
  const lessons = topicLessons();
  const index = indexOf(Object.values(lessons));

  it('keeps only lessons carrying every given tag', () => {
    expect(topIds(index, 'git')).toEqual(expect.arrayContaining([lessons.merge.id, lessons.pullRequests.id]));
    expect(index.search('git', { tags: ['git', 'revisión de código'] }).hits.map((hit) => hit.id)).toEqual([
      lessons.pullRequests.id,
    ]);
    expect(index.search('', { tags: ['git', 'testing'] }).total).toBe(0);
  });

  it('keeps only lessons in the given language', () => {
    const english = index.search('conflict merge team tests database', { language: 'en', limit: 50 });
    expect(english.total).toBeGreaterThan(0);
    for (const hit of english.hits) expect(index.has(hit.id) && languageOf(lessons, hit.id)).toBe('en');
    expect(index.search('', { language: 'es' }).total).toBe(3);
  });

  it('pages through a stable order with no repeats', () => {
    const many = indexOf(
      Array.from({ length: 23 }, (_, n) =>
        lesson({ title: `Git branch lesson ${n}`, problem: 'git '.repeat(1 + (n % 4)), votes: n % 3 }),
      ),
    );
    const full = many.search('git branch', { limit: 100 }).hits.map((hit) => hit.id);
    const paged: number[] = [];
    for (let offset = 0; offset < full.length; offset += 5) {
      paged.push(...many.search('git branch', { limit: 5, offset }).hits.map((hit) => hit.id));
    }
    expect(paged).toEqual(full);
    expect(new Set(paged).size).toBe(23);
    expect(many.search('git branch', { limit: 100 }).hits.map((hit) => hit.id)).toEqual(full);
    const scores = many.search('git branch', { limit: 100 }).hits.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

describe('LessonIndex: ranking', () => {
  it('breaks a near tie in favour of the lesson with more votes', () => {
    const fewVotes = lesson({ title: 'Flaky tests in the pipeline', votes: 0 });
    const manyVotes = lesson({ title: 'Flaky tests in the pipeline', votes: 40 });
    expect(topIds(indexOf([fewVotes, manyVotes]), 'flaky tests')).toEqual([manyVotes.id, fewVotes.id]);
  });

  it('does not let votes override a clearly better text match', () => {
    const onTopic = lesson({ title: 'Flaky tests in the pipeline', votes: 0 });
    const popular = lesson({ title: 'Tests in the pipeline', votes: 500 });
    expect(topIds(indexOf([onTopic, popular]), 'flaky tests')).toEqual([onTopic.id, popular.id]);
  });

  it('ranks a lesson matching every idea above one repeating a single idea', () => {
    const repeats = lesson({ title: 'Flaky, flaky, flaky: the flaky suite' });
    const both = lesson({ title: 'A flaky check at the end of every sprint' });
    const sprints = Array.from({ length: 6 }, (_, n) => lesson({ title: `Sprint lesson number ${n}` }));
    expect(topIds(indexOf([repeats, both, ...sprints]), 'flaky sprint', 2)).toEqual([both.id, repeats.id]);
  });

  it('orders ties of equal score by id', () => {
    const first = lesson({ title: 'Docker compose for everyone' });
    const second = lesson({ title: 'Docker compose for everyone' });
    expect(topIds(indexOf([second, first]), 'docker')).toEqual([first.id, second.id]);
  });
});

describe('LessonIndex: changes', () => {
  it('replaces a lesson on upsert with the same id', () => {
    const index = new LessonIndex();
    const original = lesson({ title: 'Deploying on Friday' });
    index.upsert(original);
    index.upsert({ ...original, title: 'Backups we never restored' });
    expect(index.size).toBe(1);
    expect(index.search('friday').total).toBe(0);
    expect(topIds(index, 'backups')).toEqual([original.id]);
  });

  it('removes a lesson, and ignores removing one that is absent', () => {
    const kept = lesson({ title: 'Code review etiquette' });
    const removed = lesson({ title: 'Code review checklist' });
    const index = indexOf([kept, removed]);
    index.remove(removed.id);
    index.remove(987_654);
    expect(index.has(removed.id)).toBe(false);
    expect(index.size).toBe(1);
    expect(topIds(index, 'code review')).toEqual([kept.id]);
    expect(topIds(index, '')).toEqual([kept.id]);
  });

  it('starts over on replaceAll', () => {
    const index = indexOf([lesson({ title: 'Old lesson about sprints' })]);
    const fresh = lesson({ title: 'New lesson about sprints' });
    index.replaceAll([fresh]);
    expect(index.size).toBe(1);
    expect(topIds(index, 'sprints')).toEqual([fresh.id]);
  });
});

describe('LessonIndex: empty query', () => {
  const older = lesson({ title: 'A', votes: 5, publishedAt: '2024-01-01T00:00:00.000Z' });
  const newer = lesson({ title: 'B', votes: 5, publishedAt: '2025-01-01T00:00:00.000Z' });
  const popular = lesson({ title: 'C', votes: 9, publishedAt: '2023-01-01T00:00:00.000Z' });
  const twinA = lesson({ title: 'D', votes: 1, publishedAt: '2023-06-01T00:00:00.000Z' });
  const twinB = lesson({ title: 'E', votes: 1, publishedAt: '2023-06-01T00:00:00.000Z' });
  const index = indexOf([twinB, older, twinA, newer, popular]);
  const expected = [popular.id, newer.id, older.id, twinA.id, twinB.id];

  it('lists every lesson by votes, then newest, then id', () => {
    expect(topIds(index, '')).toEqual(expected);
    expect(topIds(index, '   ')).toEqual(expected);
  });

  it('treats a query of stopwords only as empty', () => {
    expect(topIds(index, 'how do I the de la')).toEqual(expected);
  });
});

describe('highlightSegments', () => {
  it('rejoins to the text and marks the matched words, accents included', () => {
    const meeting = lesson({
      title: 'Una reunión semanal con el cliente',
      language: 'es',
      tags: ['reuniones'],
    });
    const segments = highlightSegments(meeting.title, 'es', matchedTermsFor('reunion', meeting));
    expect(rejoin(segments)).toBe(meeting.title);
    expect(marked(segments)).toEqual(['reunión']);
  });

  it('marks the words of an English lesson found by a Spanish query', () => {
    const text = 'Unit tests that depended on the clock';
    const unitTests = lesson({ title: text, tags: ['testing'] });
    const segments = highlightSegments(text, 'en', matchedTermsFor('pruebas unitarias', unitTests));
    expect(rejoin(segments)).toBe(text);
    expect(marked(segments)).toEqual(['Unit', 'tests']);
  });

  it('merges neighbours of the same kind and leaves text without matches whole', () => {
    expect(highlightSegments('No match here', 'en', ['merg'])).toEqual([
      { text: 'No match here', match: false },
    ]);
    expect(highlightSegments('', 'en', ['merg'])).toEqual([]);
  });
});

describe('snippetSegments', () => {
  const filler = 'The team met every week to plan the work and to review what had been done so far. ';

  it('strips Markdown and rejoins to the stripped text when it is short', () => {
    const markdown = '## Fix\n\nUse **`git pull --rebase`** and read [the guide](https://example.com).';
    const segments = snippetSegments(markdown, 'en', [analyzeWord('rebase', 'en')!]);
    expect(rejoin(segments)).toBe('Fix Use git pull --rebase and read the guide.');
    expect(marked(segments)).toEqual(['rebase']);
  });

  it('picks the window holding the matches, cut on words with an ellipsis', () => {
    const text = `${filler.repeat(4)}Then a merge conflict in the lock file cost us a day. ${filler.repeat(4)}`;
    const terms = ['merg', 'conflict'];
    const segments = snippetSegments(text, 'en', terms, 120);
    const snippet = rejoin(segments);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(122);
    expect(marked(segments)).toEqual(['merge', 'conflict']);
    expect(text).toContain(snippet.slice(1, -1));
    expect(snippet.slice(1, -1)).toMatch(/^\w.*\w[.,]?$/);
  });

  it('marks an accented Spanish word for an unaccented stem', () => {
    const text = `${'Hablamos del plan del sprint con calma. '.repeat(8)}Después de cada reunión enviamos un acta.`;
    const segments = snippetSegments(text, 'es', [analyzeWord('reunion', 'es')!], 100);
    expect(marked(segments)).toEqual(['reunión']);
    expect(rejoin(segments).endsWith('acta.')).toBe(true);
  });

  it('shows the start of the text when nothing matches', () => {
    const segments = snippetSegments(filler.repeat(5), 'en', [], 80);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.match).toBe(false);
    expect(segments[0]!.text.startsWith('The team met')).toBe(true);
    expect(segments[0]!.text.endsWith('…')).toBe(true);
  });
});

function languageOf(lessons: Record<string, SearchableLesson>, id: number): Language | undefined {
  return Object.values(lessons).find((candidate) => candidate.id === id)?.language;
}

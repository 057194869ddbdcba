import { describe, expect, it } from 'vitest';
import { boundedDamerauLevenshtein } from '../../../src/features/lessons/search/fuzzy.js';
import { LessonIndex } from '../../../src/features/lessons/search/lesson-index.js';
import { lesson } from './searchable-lesson.js';

/** Several topics, every one mentioning the team, so "team" is the everyday word here. */
const lessons = {
  deployment: lesson({
    title: 'Deployment failed on Friday evening',
    problem: 'Our team deployed the release late on Friday and the database migration broke production.',
    solution: 'No deployment after Thursday; the team rehearses the migration on staging first.',
    tags: ['deployment'],
  }),
  password: lesson({
    title: 'La contraseña del servidor estaba en el repositorio',
    problem: 'El equipo subió la contraseña de la base de datos al repositorio público.',
    solution: 'Cambiamos la contraseña y el equipo guarda los secretos en variables de entorno.',
    tags: ['seguridad'],
    language: 'es',
  }),
  meeting: lesson({
    title: 'Reuniones diarias demasiado largas',
    problem: 'La reunión diaria del equipo duraba cuarenta minutos.',
    solution: 'Quince minutos de pie; los problemas se discuten después con quien haga falta.',
    tags: ['scrum'],
    language: 'es',
  }),
  flaky: lesson({
    title: 'Flaky integration tests blocked every merge',
    problem: 'Integration tests failed at random and the team merged anyway.',
    solution: 'Each flaky test is quarantined the day it fails and fixed within the week.',
    tags: ['testing'],
  }),
  estimates: lesson({
    title: 'Our estimates were always too optimistic',
    problem: 'The team planned twice the work it could finish in a sprint.',
    solution: 'We plan from the velocity of the last three sprints.',
    tags: ['planning'],
  }),
};
const index = new LessonIndex();
index.replaceAll(Object.values(lessons));

const top = (query: string) => index.search(query).hits[0]?.id;

describe('LessonIndex: no lesson fits', () => {
  it('refuses a question sharing only an everyday word with the lessons', () => {
    const result = index.search('what is a good recipe for a team dinner');
    expect(result.noneFits).toBe(true);
    // The weak matches are still listed, for a screen that shows them as the closest lessons.
    expect(result.hits.length).toBeGreaterThan(0);
    expect(index.search('¿qué receta preparo para la cena del equipo?').noneFits).toBe(true);
  });

  it('answers a question whose key words a lesson holds', () => {
    const result = index.search('the deployment broke production on friday');
    expect(result.noneFits).toBe(false);
    expect(result.hits[0]).toMatchObject({ id: lessons.deployment.id });
    expect(result.hits[0]!.coverage).toBeGreaterThan(0.5);
    expect(index.search('reuniones diarias largas').noneFits).toBe(false);
  });

  it('never refuses a blank query, which lists every lesson', () => {
    expect(index.search('').noneFits).toBe(false);
  });
});

describe('LessonIndex: typos and word forms', () => {
  it('finds the lesson for a misspelt key word in English and Spanish', () => {
    expect(top('deplyoment failed')).toBe(lessons.deployment.id);
    expect(top('flaky intgration tests')).toBe(lessons.flaky.id);
    expect(top('reuniones diaras')).toBe(lessons.meeting.id);
    expect(top('contraseña en el repositrio')).toBe(lessons.password.id);
  });

  it('finds a Spanish lesson with no accents and n for ñ, also misspelt', () => {
    expect(top('reunion diaria')).toBe(lessons.meeting.id);
    expect(top('contrasena filtrada')).toBe(lessons.password.id);
    expect(top('contrasea filtrada')).toBe(lessons.password.id);
  });

  it('counts a corrected word a little less than one typed right', () => {
    const exact = index.search('deployment').hits[0]!.score;
    const corrected = index.search('deploymnet').hits[0]!.score;
    expect(corrected).toBeLessThan(exact);
    expect(corrected).toBeGreaterThan(exact * 0.5);
  });

  it('leaves short words alone and allows two edits only from eight letters', () => {
    expect(index.search('tset').total).toBe(index.search('test').total);
    expect(index.search('tst').total).toBe(0);
    expect(index.search('falyk').total).toBe(0);
    expect(top('estmiates')).toBe(lessons.estimates.id);
  });

  it('measures Damerau-Levenshtein distance with a bound', () => {
    expect(boundedDamerauLevenshtein('deploymnet', 'deployment', 2)).toBe(1);
    expect(boundedDamerauLevenshtein('contrasea', 'contrasena', 1)).toBe(1);
    expect(boundedDamerauLevenshtein('kitten', 'sitting', 1)).toBe(2);
  });
});

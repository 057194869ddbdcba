import { describe, expect, it } from 'vitest';
import { fold, textSignals, tokenize } from './signals.js';
import { WORD_LISTS } from './word-lists.js';

/** kind → words, for short assertions. */
const signalsOf = (...texts: string[]) =>
  Object.fromEntries(textSignals(texts).map((signal) => [signal.kind, signal.words]));

describe('stand-up text signals (bilingual word list with negations)', () => {
  it('folds accents and case', () => {
    expect(fold('Terminé el ESTRÉS, ¡Genial!')).toBe('termine el estres, ¡genial!');
    expect(tokenize("I'm stuck. Isn’t it?").map((token) => token.word)).toEqual([
      "i'm",
      'stuck',
      "isn't",
      'it',
    ]);
  });

  // The bilingual fixture: what each sentence raises, and what it must not.
  const FIXTURE: [text: string, expected: Record<string, string[]>][] = [
    // English
    ['I am blocked by the API team', { blocker: ['blocked'] }],
    ['Still waiting on the review from Ana', { blocker: ['waiting on'] }],
    ['Stuck with the migration, feeling frustrated', { blocker: ['Stuck'], negative: ['frustrated'] }],
    ['Overwhelmed: the deadline is tomorrow', { stress: ['Overwhelmed', 'deadline'] }],
    ['Login is done, great day', { positive: ['done', 'great'] }],
    ['Tired but the tests are finished', { negative: ['Tired'], positive: ['finished'] }],
    // English negations
    ['I am not blocked', {}],
    ['Not really stuck anymore', {}],
    ["The build isn't blocked now", {}],
    ['I was never frustrated', {}],
    ['No blockers today', {}],
    ['The feature is not done yet', {}],
    ['Nothing is blocking me', {}],
    // A negation reaches only 3 words back
    ['not at all in any way blocked', { blocker: ['blocked'] }],
    // and not past the end of its clause
    ['Not sure, but I am stuck', { blocker: ['stuck'] }],
    ['No. Blocked by the database', { blocker: ['Blocked'] }],
    // Spanish
    ['Estoy bloqueado con la base de datos', { blocker: ['bloqueado'] }],
    ['Sigo atascada en el login, esperando a Beto', { blocker: ['atascada', 'esperando'] }],
    ['Muy agobiado y estresado por la entrega', { stress: ['agobiado', 'estresado'] }],
    ['Frustrado y cansado', { negative: ['Frustrado', 'cansado'] }],
    ['Terminé la pantalla de login, ¡genial!', { positive: ['Terminé', 'genial'] }],
    ['Mucho ESTRÉS esta semana', { stress: ['ESTRÉS'] }],
    ['No puedo avanzar sin el diseño', { blocker: ['No puedo avanzar'] }],
    // Spanish negations
    ['No estoy bloqueado', {}],
    ['no estoy bloqueada para nada', {}],
    ['Nunca estuve tan poco cansado', { negative: ['cansado'] }],
    ['Sin bloqueos esta semana', {}],
    ['No terminé la tarea', {}],
    ['Nunca me sentí frustrado', {}],
    ['No está mal, pero sigo bloqueado', { blocker: ['bloqueado'] }],
    // Accents and case ignored in the list too
    ['TERMINE todo', { positive: ['TERMINE'] }],
    // Nothing to say
    ['Reviewed pull requests and wrote the report', {}],
    ['Revisé el código y escribí el informe', {}],
  ];

  it.each(FIXTURE)('%s', (text, expected) => {
    expect(signalsOf(text)).toEqual(expected);
  });

  it('names each word once across a stand-up’s texts, in the order of the kinds', () => {
    const signals = textSignals(['Blocked on the API', 'still BLOCKED; great progress otherwise', '']);
    expect(signals).toEqual([
      { kind: 'blocker', words: ['Blocked'] },
      { kind: 'positive', words: ['great'] },
    ]);
  });

  it('keeps every term of the list as data a text can raise', () => {
    for (const list of WORD_LISTS) {
      for (const term of [...list.en, ...list.es]) {
        const text = term.replace(/\*$/, 'o');
        expect(
          textSignals([text]).some((signal) => signal.kind === list.kind),
          `${list.kind}: ${term}`,
        ).toBe(true);
        expect(term, 'terms are written folded').toBe(fold(term));
      }
    }
  });
});

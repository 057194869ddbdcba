import type { Language } from '@teamboard/contract';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { prepareGlossaryAndLexicon } from '../lessons/lessons.service.js';
import type { LessonRetrieval } from './engines/lessons-engine.js';
import type { TipBase } from './tips/tip-base.js';

/** A question per language that runs the offline retrieval paths once (stemmer, query plan, ranking). */
const WARM_QUESTIONS: readonly { text: string; language: Language }[] = [
  { text: 'How do we split a user story that is too big for one sprint?', language: 'en' },
  { text: '¿Cómo estimamos las tareas del próximo sprint?', language: 'es' },
];

/** The longest one step of preparing the glossary and lexicon holds the event loop. */
const WARM_STEP_MS = 20;

/**
 * What the first question of a session would otherwise wait for (issue 44.10): the tip base's index
 * and the first run of the retrieval code. Done at the first assistant request after start (not at
 * start, so an idle server does not hold it), in the background and in small steps, so neither that
 * request nor the others meanwhile wait for it. A question that comes first shares the work already
 * done rather than repeating it.
 */
export async function warmAssistant(deps: {
  tips: TipBase;
  lessons: Pick<LessonRetrieval, 'search'>;
}): Promise<void> {
  await deps.tips.warm();
  // The tip base's first search reads them too; the lessons index's build may not have prepared them yet.
  await prepareGlossaryAndLexicon(WARM_STEP_MS);
  for (const question of WARM_QUESTIONS) {
    await yieldToEventLoop();
    deps.tips.search(question.text, 6);
    await deps.lessons.search(question.text, { language: question.language, limit: 8 });
  }
}

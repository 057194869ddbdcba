import { isOutOfScope, type EvalQuestion, type EvalSet } from './eval-set.js';
import { indexOf, recallOf } from './quality.js';
import { LessonsEngine, type EngineQuestion, type LessonRetrieval } from './search-module.js';

export interface AssistantOutcome {
  question: EvalQuestion;
  /** The lessons the assistant's lessons engine quoted, in its order. */
  cited: number[];
  /** Share of the question's answers among them; 0 for an out-of-scope question. */
  recall: number;
}

/** The retrieval the server gives the engine, over an in-memory index of the set's lessons. */
function retrievalOf(set: EvalSet): LessonRetrieval {
  const index = indexOf(set);
  const lessonsById = new Map(set.lessons.map((lesson) => [lesson.id, lesson]));
  return {
    // The whole result, so a `noneFits` signal reaches an engine that reads it.
    search: (query, options) => Promise.resolve(index.search(query, options)),
    texts: (ids) => Promise.resolve(ids.flatMap((id) => lessonsById.get(id) ?? [])),
  };
}

/** A standard chat question with no project, task or history: only its text and language matter. */
function engineQuestion(question: EvalQuestion): EngineQuestion {
  return {
    kind: 'standard',
    question: question.query,
    image: null,
    language: question.language,
    user: {} as EngineQuestion['user'],
    projectId: null,
    task: null,
    history: [],
    exclude: new Set(),
    signal: new AbortController().signal,
  };
}

/** Every question of the set asked of the assistant's lessons engine (engine 0), no server. */
export async function evaluateAssistant(set: EvalSet): Promise<AssistantOutcome[]> {
  const engine = new LessonsEngine(retrievalOf(set));
  const outcomes: AssistantOutcome[] = [];
  for (const question of set.questions) {
    const answer = await engine.answer(engineQuestion(question));
    const cited = (answer?.sources ?? []).filter((s) => s.kind === 'lesson').map((s) => Number(s.id));
    outcomes.push({
      question,
      cited,
      recall: isOutOfScope(question) ? 0 : recallOf(question.relevant, cited),
    });
  }
  return outcomes;
}

import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { answerCoachQuestion } from '../coach/coach.js';
import type { Engine, EngineAnswer, EngineQuestion } from './engine.js';

/**
 * Engine 2: exact facts about the asker's project (coach/). Only with a project the asker may view
 * (the chat checks it), and only for a question about that project; otherwise nothing (the slot
 * falls back to another engine).
 */
export class CoachEngine implements Engine {
  readonly id = 2;
  readonly streams = false;

  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async answer(question: EngineQuestion): Promise<EngineAnswer | null> {
    if (question.projectId === null) return null;
    const answer = await answerCoachQuestion(this.deps.db, {
      userId: question.user.id,
      projectId: question.projectId,
      question: question.question,
      language: question.language,
      now: this.deps.clock.now(),
    });
    return answer && { markdown: answer.markdown, sources: answer.sources, artifact: null };
  }
}

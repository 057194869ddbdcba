import type { AssistantSource } from '@teamboard/contract';
import type { Engine, EngineQuestion } from './engines/engine.js';
import type { GroundingContext } from './engines/provider-engine.js';

/**
 * A model's context: what the offline engines would answer (lessons, a tip, project facts), so a
 * model answers from the course's own material and the project's real state (never invents them).
 */
export function groundingFrom(offline: readonly Engine[]) {
  return async (question: EngineQuestion): Promise<GroundingContext> => {
    const parts: string[] = [];
    const sources: AssistantSource[] = [];
    for (const engine of offline) {
      try {
        const answer = await engine.answer({ ...question, exclude: new Set() }, () => undefined);
        if (!answer || answer.sources.length === 0) continue;
        parts.push(answer.markdown);
        sources.push(...answer.sources);
      } catch {
        // Context is a help, not a requirement: the model still answers without this part.
      }
    }
    return { text: parts.join('\n\n---\n\n'), sources };
  };
}

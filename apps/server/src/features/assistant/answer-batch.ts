import {
  ASSISTANT_SLOTS,
  type AssistantEngineId,
  type AssistantSlot,
  type AssistantStreamEvent,
} from '@teamboard/contract';
import { translate } from '@teamboard/i18n/server';
import type { FastifyBaseLogger } from 'fastify';
import { sourceKey, type Engine, type EngineAnswer, type EngineQuestion } from './engines/engine.js';
import { isNearDuplicate, streamText } from './engines/stream-text.js';

/** The longest a slot may take, whatever its engine; then it falls back. */
const SLOT_TIMEOUT_MS = 90_000;

/** A slot's engines, in the order they are tried: its own, then the offline fallbacks. */
export type SlotPlan = Partial<Record<AssistantSlot, Engine[]>>;

export interface SlotOutcome {
  slot: AssistantSlot;
  engine: AssistantEngineId;
  answer: EngineAnswer;
}

type Emit = (event: Omit<AssistantStreamEvent, 'id'>) => void;

/**
 * Fills each planned slot concurrently (docs/api-assistant.md, "Three tips"). Engines that answer
 * all at once (offline) run one at a time, in slot order, so each sees the sources the slots before
 * it chose and picks another; models stream side by side. A slot whose engine fails, times out,
 * has nothing, or repeats another slot's tip is reset and tried with its next engine, so no slot
 * stays empty; the last resort is a plain "ask me differently".
 */
export async function answerBatch(
  question: Omit<EngineQuestion, 'exclude'>,
  plan: SlotPlan,
  emit: Emit,
  onSlotDone: (outcome: SlotOutcome) => Promise<void>,
  log: FastifyBaseLogger,
): Promise<SlotOutcome[]> {
  const exclude = new Set<string>();
  const finished: string[] = [];
  let offlineTurn: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(run: () => Promise<T>): Promise<T> => {
    const result = offlineTurn.then(run, run);
    offlineTurn = result.catch(() => undefined);
    return result;
  };

  async function tryEngine(slot: AssistantSlot, engine: Engine): Promise<EngineAnswer | null> {
    emit({ model: slot, event: 'start', data: '', engine: engine.id });
    let streamed = false;
    const signal = AbortSignal.any([question.signal, AbortSignal.timeout(SLOT_TIMEOUT_MS)]);
    const ask = () =>
      engine.answer({ ...question, exclude, signal }, (delta) => {
        streamed = true;
        emit({ model: slot, event: 'delta', data: delta });
      });
    try {
      const answer = engine.streams ? await ask() : await oneAtATime(ask);
      if (answer && !isNearDuplicate(answer.markdown, finished)) {
        for (const source of answer.sources) exclude.add(sourceKey(source));
        finished.push(answer.markdown);
        if (!engine.streams)
          await streamText(
            answer.markdown,
            (data) => emit({ model: slot, event: 'delta', data }),
            question.signal,
          );
        return answer;
      }
    } catch (error) {
      if (question.signal.aborted) throw error;
      log.warn({ err: error, engine: engine.id, slot }, 'assistant: an engine failed; the slot falls back');
    }
    if (streamed) emit({ model: slot, event: 'reset', data: '' });
    return null;
  }

  async function fill(slot: AssistantSlot, engines: Engine[]): Promise<SlotOutcome> {
    for (const engine of engines) {
      const answer = await tryEngine(slot, engine);
      if (answer) {
        const outcome = { slot, engine: engine.id, answer };
        await onSlotDone(outcome);
        return outcome;
      }
    }
    const markdown = translate(question.language, 'assistant_engine:last_resort');
    emit({ model: slot, event: 'start', data: '', engine: 1 });
    emit({ model: slot, event: 'delta', data: markdown });
    const outcome: SlotOutcome = { slot, engine: 1, answer: { markdown, sources: [], artifact: null } };
    await onSlotDone(outcome);
    return outcome;
  }

  return Promise.all(
    ASSISTANT_SLOTS.flatMap((slot) => {
      const engines = plan[slot];
      return engines ? [fill(slot, engines)] : [];
    }),
  );
}

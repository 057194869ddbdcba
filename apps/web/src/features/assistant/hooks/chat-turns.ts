import {
  ASSISTANT_SLOTS,
  DEFAULT_ASSISTANT_SLOT,
  type AssistantArtifact,
  type AssistantBatch,
  type AssistantMessage,
  type AssistantMessagesResponse,
  type AssistantSlot,
  type AssistantSource,
  type AssistantStreamEvent,
} from '@teamboard/contract';

/** One tip slot of a batch, as far as it has arrived. */
export interface Tip {
  slot: AssistantSlot;
  /** The engine writing it (0–4), once the stream names it. */
  engine: number | null;
  text: string;
  sources: AssistantSource[];
  artifact: AssistantArtifact | null;
  /** A code answer's signed same-origin page, framed sandboxed (the app's CSP blocks srcdoc scripts). */
  previewUrl: string | null;
  messageId: number | null;
  isDone: boolean;
}

/** One question and what came back: a batch of three tips, or an error shown as the bot's reply. */
export interface ChatTurn {
  key: string;
  prompt: string;
  imageBase64: string | null;
  /** The batch id, once the stream named it (null for a refused question). */
  batchId: number | null;
  tips: Record<AssistantSlot, Tip>;
  error: string | null;
  isStreaming: boolean;
}

function emptyTip(slot: AssistantSlot): Tip {
  return {
    slot,
    engine: null,
    text: '',
    sources: [],
    artifact: null,
    previewUrl: null,
    messageId: null,
    isDone: false,
  };
}

function emptyTips(): Record<AssistantSlot, Tip> {
  return { tip1: emptyTip('tip1'), tip2: emptyTip('tip2'), tip3: emptyTip('tip3') };
}

/** The question just sent, waiting for its first event. */
export function startTurn(prompt: string, imageBase64: string | null): ChatTurn {
  return {
    key: 'live',
    prompt,
    imageBase64,
    batchId: null,
    tips: emptyTips(),
    error: null,
    isStreaming: true,
  };
}

function updateTip(tip: Tip, event: AssistantStreamEvent): Tip {
  const engine = event.engine ?? tip.engine;
  switch (event.event) {
    case 'start':
      return { ...tip, engine };
    case 'delta':
      return { ...tip, engine, text: tip.text + event.data };
    case 'reset':
      // The slot's engine failed or was too slow: a fallback engine writes it again from scratch.
      return { ...emptyTip(tip.slot), engine: event.engine ?? null };
    case 'done':
      return {
        ...tip,
        engine,
        text: tip.text === '' ? event.data : tip.text,
        sources: event.sources ?? tip.sources,
        artifact: event.artifact ?? null,
        previewUrl: event.previewUrl ?? null,
        messageId: event.messageId ?? tip.messageId,
        isDone: true,
      };
    default:
      return tip;
  }
}

/** The turn after one stream event (meta is the conversation's, not the turn's). */
export function applyStreamEvent(turn: ChatTurn, event: AssistantStreamEvent): ChatTurn {
  if (event.event === 'meta') return turn;
  if (event.event === 'error') return { ...turn, batchId: turn.batchId ?? event.id, error: event.data };
  return {
    ...turn,
    batchId: event.id,
    tips: { ...turn.tips, [event.model]: updateTip(turn.tips[event.model], event) },
  };
}

/** The stream ended: at [DONE] every slot is as complete as it will get; else `error` says why. */
export function finishTurn(turn: ChatTurn, error: string | null = null): ChatTurn {
  const tips = emptyTips();
  for (const slot of ASSISTANT_SLOTS) tips[slot] = { ...turn.tips[slot], isDone: true };
  return { ...turn, tips, error: error ?? turn.error, isStreaming: false };
}

/** SPEC §5: send waits while any tip of the last answer is still missing. */
export function isAnswerPending(turn: ChatTurn | null): boolean {
  if (turn === null) return false;
  return turn.isStreaming || (turn.error === null && ASSISTANT_SLOTS.some((slot) => !turn.tips[slot].isDone));
}

function tipFromMessage(message: AssistantMessage, slot: AssistantSlot): Tip {
  return {
    slot,
    engine: message.engine,
    text: message.content,
    sources: message.sources,
    artifact: message.artifact,
    previewUrl: message.previewUrl,
    messageId: message.id,
    isDone: true,
  };
}

function turnOfQuestion(message: AssistantMessage | null, index: number): ChatTurn {
  return {
    key: message === null ? `orphan-${index}` : `message-${message.id}`,
    prompt: message?.content ?? '',
    imageBase64: message?.imageBase64 ?? null,
    batchId: null,
    tips: emptyTips(),
    error: null,
    isStreaming: false,
  };
}

/** A conversation's stored history as turns: each question with the answers that follow it. */
export function turnsFromHistory(messages: AssistantMessage[]): ChatTurn[] {
  const turns: ChatTurn[] = [];
  messages.forEach((message, index) => {
    if (message.role === 'user') {
      turns.push(turnOfQuestion(message, index));
      return;
    }
    let turn = turns.at(-1);
    if (turn === undefined) {
      turn = turnOfQuestion(null, index);
      turns.push(turn);
    }
    if (message.messageBatchId === null || message.model === null) {
      turn.error = message.content;
      return;
    }
    turn.batchId = message.messageBatchId;
    turn.tips[message.model] = tipFromMessage(message, message.model);
  });
  // A stored answer is as complete as it will get: a slot it lacks (an image answer fills tip1
  // only) is not still coming.
  return turns.map((turn) => (turn.batchId === null ? turn : finishTurn(turn)));
}

/** The batch's choice and feedback, or the defaults (tip1, nothing said yet) before the server's copy. */
export function batchOf(batches: AssistantBatch[], batchId: number | null): AssistantBatch {
  return (
    batches.find((batch) => batch.id === batchId) ?? {
      id: batchId ?? 0,
      chosenModel: DEFAULT_ASSISTANT_SLOT,
      disliked: false,
      helpful: null,
    }
  );
}

/**
 * The finished turn added to the cached history in the server's shape, so the conversation reads
 * the same whether it was just asked or loaded later. The question's id is not streamed: a
 * negative stand-in keys it until the history is next read.
 */
export function appendTurn(history: AssistantMessagesResponse, turn: ChatTurn): AssistantMessagesResponse {
  const now = new Date().toISOString();
  const standInId = -(history.messages.length + 1);
  const question: AssistantMessage = {
    id: standInId,
    role: 'user',
    content: turn.prompt,
    messageBatchId: null,
    model: null,
    engine: null,
    imageBase64: turn.imageBase64,
    sources: [],
    artifact: null,
    previewUrl: null,
    createdAt: now,
  };
  const answers: AssistantMessage[] = turn.error !== null ? [errorReply(turn.error, standInId - 1, now)] : [];
  if (turn.error === null && turn.batchId !== null) {
    ASSISTANT_SLOTS.forEach((slot, index) => {
      const tip = turn.tips[slot];
      answers.push({
        id: tip.messageId ?? standInId - 1 - index,
        role: 'bot',
        content: tip.text,
        messageBatchId: turn.batchId,
        model: slot,
        engine: tip.engine,
        imageBase64: null,
        sources: tip.sources,
        artifact: tip.artifact,
        previewUrl: tip.previewUrl,
        createdAt: now,
      });
    });
  }
  const hasBatch = turn.batchId !== null && history.batches.some((batch) => batch.id === turn.batchId);
  return {
    ...history,
    messages: [...history.messages, question, ...answers],
    batches:
      turn.batchId === null || turn.error !== null || hasBatch
        ? history.batches
        : [...history.batches, batchOf([], turn.batchId)],
  };
}

function errorReply(text: string, id: number, createdAt: string): AssistantMessage {
  return {
    id,
    role: 'bot',
    content: text,
    messageBatchId: null,
    model: null,
    engine: null,
    imageBase64: null,
    sources: [],
    artifact: null,
    previewUrl: null,
    createdAt,
  };
}

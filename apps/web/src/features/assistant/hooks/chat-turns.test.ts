import type { AssistantMessage, AssistantStreamEvent } from '@teamboard/contract';
import { describe, expect, it } from 'vitest';
import { emptyHistory } from '../test-helpers';
import {
  appendTurn,
  applyStreamEvent,
  finishTurn,
  isAnswerPending,
  startTurn,
  turnsFromHistory,
  type ChatTurn,
} from './chat-turns';

const event = (fields: Partial<AssistantStreamEvent>): AssistantStreamEvent => ({
  model: 'tip1',
  id: 30,
  data: '',
  event: 'delta',
  ...fields,
});

const play = (events: Partial<AssistantStreamEvent>[], turn: ChatTurn = startTurn('Q', null)) =>
  events.reduce((current, fields) => applyStreamEvent(current, event(fields)), turn);

function message(fields: Partial<AssistantMessage>): AssistantMessage {
  return {
    id: 1,
    role: 'bot',
    content: '',
    messageBatchId: null,
    model: null,
    engine: null,
    imageBase64: null,
    sources: [],
    artifact: null,
    previewUrl: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...fields,
  };
}

describe('applyStreamEvent', () => {
  it('appends deltas to their own slot and takes the batch id and engine', () => {
    const turn = play([
      { event: 'start', engine: 1 },
      { event: 'delta', data: 'Split the ' },
      { model: 'tip2', event: 'delta', data: 'Other' },
      { event: 'delta', data: 'story.' },
    ]);
    expect(turn.batchId).toBe(30);
    expect(turn.tips.tip1).toMatchObject({ engine: 1, text: 'Split the story.', isDone: false });
    expect(turn.tips.tip2.text).toBe('Other');
    expect(turn.tips.tip3.text).toBe('');
  });

  it('drops a slot’s text on reset, for the fallback engine to write it again', () => {
    const turn = play([
      { event: 'start', engine: 3 },
      { event: 'delta', data: 'A model answer that stalled' },
      { event: 'reset', engine: 1 },
      { event: 'delta', data: 'From the tip base' },
    ]);
    expect(turn.tips.tip1).toMatchObject({ engine: 1, text: 'From the tip base' });
  });

  it('completes a slot on done with its sources, artifact, preview and message id', () => {
    const source = { kind: 'lesson' as const, id: '12', title: 'Estimating', url: '/project/3/lessons/12' };
    const artifact = { kind: 'code' as const, html: '<main></main>', css: '', js: '' };
    const turn = play([
      { event: 'delta', data: 'Text' },
      {
        event: 'done',
        messageId: 101,
        sources: [source],
        artifact,
        previewUrl: '/api/assistant/previews/101?s=x',
      },
    ]);
    expect(turn.tips.tip1).toMatchObject({
      text: 'Text',
      isDone: true,
      messageId: 101,
      sources: [source],
      artifact,
      previewUrl: '/api/assistant/previews/101?s=x',
    });
  });

  it('keeps the error as the reply and ignores meta', () => {
    const turn = play([
      { event: 'meta', title: 'T' },
      { event: 'error', data: 'Try again.' },
    ]);
    expect(turn.error).toBe('Try again.');
    expect(turn.tips.tip1.text).toBe('');
  });
});

describe('isAnswerPending', () => {
  it('is true while streaming or while a slot is missing, false once finished or failed', () => {
    const twoDone = play([
      { event: 'done', data: 'a' },
      { model: 'tip2', event: 'done', data: 'b' },
    ]);
    expect(isAnswerPending(null)).toBe(false);
    expect(isAnswerPending(twoDone)).toBe(true);
    expect(isAnswerPending({ ...twoDone, isStreaming: false })).toBe(true);
    expect(isAnswerPending(finishTurn(twoDone))).toBe(false);
    expect(isAnswerPending(finishTurn(twoDone, 'Try again.'))).toBe(false);
  });
});

describe('turnsFromHistory and appendTurn', () => {
  it('groups each question with its batch; a stored answer is complete, a failed one has no batch', () => {
    const turns = turnsFromHistory([
      message({ id: 1, role: 'user', content: 'First?' }),
      message({ id: 2, content: 'Tip one', messageBatchId: 9, model: 'tip1', engine: 1 }),
      message({ id: 3, content: 'Tip two', messageBatchId: 9, model: 'tip2', engine: 0 }),
      message({ id: 4, role: 'user', content: 'Second?' }),
    ]);
    expect(turns).toHaveLength(2);
    expect(turns[0]).toMatchObject({ prompt: 'First?', batchId: 9, isStreaming: false });
    expect(turns[0]?.tips.tip2).toMatchObject({ text: 'Tip two', engine: 0, isDone: true });
    expect(turns[0]?.tips.tip3.isDone).toBe(true);
    expect(turns[1]).toMatchObject({ prompt: 'Second?', batchId: null, error: null });
  });

  it('stores a finished turn in the server’s shape, so it reads back the same', () => {
    const live = finishTurn(
      play([
        { event: 'delta', data: 'One' },
        { event: 'done', messageId: 101 },
        { model: 'tip2', event: 'done', data: 'Two', messageId: 102 },
        { model: 'tip3', event: 'done', data: 'Three', messageId: 103 },
      ]),
    );
    const stored = appendTurn(emptyHistory(), live);
    expect(stored.batches).toEqual([{ id: 30, chosenModel: 'tip1', disliked: false, helpful: null }]);
    const [turn] = turnsFromHistory(stored.messages);
    expect(turn?.prompt).toBe('Q');
    expect(turn?.tips.tip1.text).toBe('One');
    expect(turn?.tips.tip3).toMatchObject({ text: 'Three', messageId: 103 });
  });

  it('stores a failed turn as the bot’s error reply, with no batch', () => {
    const stored = appendTurn(emptyHistory(), finishTurn(startTurn('Q', null), 'Try again.'));
    expect(stored.batches).toEqual([]);
    expect(turnsFromHistory(stored.messages)[0]).toMatchObject({ prompt: 'Q', error: 'Try again.' });
  });
});

import type { AssistantMessage, AssistantMessagesResponse } from '@teamboard/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAssistant, openAssistant } from '../../../lib/assistant-launcher';
import { controlledStream, json, makeConversation, renderWithProviders, stubApi } from '../test-helpers';
import { AssistantWidget } from './assistant-widget';

afterEach(() => {
  act(() => closeAssistant());
  vi.unstubAllGlobals();
});

function bot(fields: Partial<AssistantMessage>): AssistantMessage {
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

const older = makeConversation({ id: 8, title: 'Git branches', updatedAt: '2026-03-01T10:00:00.000Z' });
const history: AssistantMessagesResponse = {
  conversation: older,
  messages: [
    bot({ id: 1, role: 'user', content: 'How should we name branches?' }),
    bot({ id: 2, content: 'Name them after the task.', messageBatchId: 9, model: 'tip1', engine: 1 }),
    bot({ id: 3, content: 'Use feature/ prefixes.', messageBatchId: 9, model: 'tip2', engine: 0 }),
    bot({ id: 4, content: 'Ana has three open branches.', messageBatchId: 9, model: 'tip3', engine: 2 }),
  ],
  batches: [{ id: 9, chosenModel: 'tip2', disliked: false, helpful: true }],
};

function setUp() {
  let listed = [older];
  return stubApi({
    'GET /assistant/conversations': () => json({ data: listed }),
    'GET /assistant/engines': { body: { data: [] } },
    'GET /assistant/conversations/8/messages': { body: history },
    'PATCH /assistant/conversations/8': () => {
      listed = [{ ...older, title: 'Branch names' }];
      return json(listed[0]);
    },
    'DELETE /assistant/conversations/8': () => {
      listed = [];
      return new Response(null, { status: 204 });
    },
    'POST /assistant/conversations': () => json(makeConversation({ taskId: 42 }), 201),
    'POST /assistant/conversations/5/responses': controlledStream().response,
  });
}

describe('AssistantWidget', { timeout: 30_000 }, () => {
  it('toggles the chat from the floating button', async () => {
    setUp();
    renderWithProviders(<AssistantWidget />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the assistant' }));
    expect(await screen.findByRole('dialog', { name: 'Assistant' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Tips', selected: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close the assistant' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close the assistant' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens a stored conversation: its tip in use, and "Did this help?" already answered', async () => {
    setUp();
    renderWithProviders(<AssistantWidget />);
    act(() => openAssistant());
    fireEvent.click(await screen.findByRole('button', { name: /^Git branches/ }));
    expect(await screen.findByText('How should we name branches?')).toBeTruthy();
    // The last answer shows whole until a tip is chosen in this session; tip2 is the one in use.
    const inUse = await screen.findByRole('article', { name: 'Tip 2 · Lessons learned' });
    expect(within(inUse).getByText('In use')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Tip 1 · Tip base' })).toBeTruthy();
    expect(screen.getByText('Thanks for your feedback!')).toBeTruthy();
  });

  it('renames a conversation inline and deletes one after confirming', async () => {
    const { callsTo } = setUp();
    renderWithProviders(<AssistantWidget />);
    act(() => openAssistant());
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Git branches' }));
    const title = screen.getByRole('textbox', { name: 'Conversation title' });
    fireEvent.change(title, { target: { value: 'Branch names' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the title' }));
    expect(await screen.findByText('Branch names')).toBeTruthy();
    expect(callsTo('PATCH', '/assistant/conversations/8')[0]?.body).toEqual({ title: 'Branch names' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Branch names' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    expect(callsTo('DELETE', '/assistant/conversations/8')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No conversations yet.')).toBeTruthy();
    expect(callsTo('DELETE', '/assistant/conversations/8')).toHaveLength(1);
  });

  it('opened from a task, starts a new chat about it and creates the conversation with the task', async () => {
    const { callsTo } = setUp();
    renderWithProviders(<AssistantWidget />);
    act(() => openAssistant({ taskId: 42, taskTitle: 'Write report', projectId: 7 }));
    expect(await screen.findByText('About the task “Write report”')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Your message' });
    fireEvent.change(input, { target: { value: 'What is left here?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(callsTo('POST', '/assistant/conversations/5/responses')).toHaveLength(1));
    expect(callsTo('POST', '/assistant/conversations')[0]?.body).toEqual({ kind: 'standard', taskId: 42 });
    expect(callsTo('POST', '/assistant/conversations/5/responses')[0]?.body).toMatchObject({ projectId: 7 });
  });
});

import type { AssistantSettings } from '@teamboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../test-helpers';
import { AssistantEnginesPanel } from './assistant-engines-panel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const settings: AssistantSettings = {
  slots: { tip1: 1, tip2: 0, tip3: 2 },
  imageEngine: 'ocr',
  openai: { baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5:7b', vision: false, hasKey: true },
  anthropic: { baseUrl: '', model: '', vision: false, hasKey: false },
  engines: [
    { id: 0, key: 'lessons', offline: true, configured: true, model: null, vision: false },
    { id: 1, key: 'tips', offline: true, configured: true, model: null, vision: false },
    { id: 2, key: 'coach', offline: true, configured: true, model: null, vision: false },
    { id: 3, key: 'openai', offline: false, configured: true, model: 'qwen2.5:7b', vision: false },
    { id: 4, key: 'anthropic', offline: false, configured: false, model: null, vision: false },
  ],
};

const openaiFields = () => screen.getByRole('group', { name: /OpenAI-compatible endpoint/ });
const anthropicFields = () => screen.getByRole('group', { name: 'Anthropic' });

describe('AssistantEnginesPanel', { timeout: 30_000 }, () => {
  it('lists the engines, offline and configured or not, and never shows a key', async () => {
    stubApi({ 'GET /admin/assistant': { body: settings } });
    renderWithProviders(<AssistantEnginesPanel />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(within(rows[1]!).getByText('0 · Lessons learned')).toBeTruthy();
    expect(within(rows[1]!).getByText('Offline')).toBeTruthy();
    expect(within(rows[4]!).getByText('qwen2.5:7b')).toBeTruthy();
    expect(within(rows[5]!).getByText('Not configured')).toBeTruthy();
    expect(within(openaiFields()).getByText('A key is stored')).toBeTruthy();
    expect(within(anthropicFields()).queryByText('A key is stored')).toBeNull();
    expect((within(openaiFields()).getByLabelText('API key') as HTMLInputElement).value).toBe('');
  });

  it('saves the slots, a new key for one provider and the removal of the other’s', async () => {
    const { callsTo } = stubApi({
      'GET /admin/assistant': { body: settings },
      'PUT /admin/assistant': () =>
        json({
          ...settings,
          openai: { ...settings.openai, hasKey: false },
          anthropic: { ...settings.anthropic, hasKey: true },
        }),
    });
    renderWithProviders(<AssistantEnginesPanel />);
    await screen.findByRole('table');
    fireEvent.click(within(openaiFields()).getByRole('button', { name: 'Remove key' }));
    expect(within(openaiFields()).getByText('The key is removed on save')).toBeTruthy();
    fireEvent.change(within(anthropicFields()).getByLabelText('Model'), {
      target: { value: 'claude-sonnet-4' },
    });
    fireEvent.change(within(anthropicFields()).getByLabelText('API key'), {
      target: { value: 'sk-ant-123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The assistant settings were saved.');
    expect(callsTo('PUT', '/admin/assistant')[0]?.body).toEqual({
      slots: { tip1: 1, tip2: 0, tip3: 2 },
      imageEngine: 'ocr',
      openai: { baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5:7b', vision: false, apiKey: null },
      anthropic: { baseUrl: '', model: 'claude-sonnet-4', vision: false, apiKey: 'sk-ant-123' },
    });
    await waitFor(() => expect(within(anthropicFields()).getByText('A key is stored')).toBeTruthy());
  });

  it('shows a bad address under its field and sends nothing', async () => {
    const { callsTo } = stubApi({ 'GET /admin/assistant': { body: settings } });
    renderWithProviders(<AssistantEnginesPanel />);
    await screen.findByRole('table');
    fireEvent.change(within(openaiFields()).getByLabelText('Base URL'), {
      target: { value: 'localhost:11434' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const field = within(openaiFields()).getByLabelText('Base URL');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(openaiFields()).getByText('The address is not valid.')).toBeTruthy();
    expect(callsTo('PUT', '/admin/assistant')).toHaveLength(0);
  });

  it('shows the server’s refusal of an unconfigured slot engine under the slots', async () => {
    stubApi({
      'GET /admin/assistant': { body: settings },
      'PUT /admin/assistant': {
        status: 422,
        body: { errors: ['That engine is not configured yet.'], code: 'ASSISTANT_ENGINE_NOT_CONFIGURED' },
      },
    });
    renderWithProviders(<AssistantEnginesPanel />);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That engine is not configured yet.');
  });
});

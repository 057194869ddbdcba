import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MyKnowledgeForm } from '@teamboard/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { stubFetch } from '../../../test/render';
import { KnowledgeAnswerForm } from './knowledge-answer-form';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const FORM: MyKnowledgeForm = {
  id: 9,
  title: 'Tools',
  description: '',
  opens_on: '2026-11-20',
  closes_on: '2026-11-30',
  state: 'open',
  items: [
    { id: 1, name: 'Git' },
    { id: 2, name: 'SQL' },
  ],
  answers: [{ item_id: 1, rating: 4, comment: 'Daily' }],
  answered_at: null,
};

function renderForm(answers: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch(answers);
  vi.stubGlobal('fetch', stub.fetchStub);
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <KnowledgeAnswerForm form={FORM} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { puts: () => stub.calls.filter((call) => call.init?.method === 'PUT') };
}

describe('KnowledgeAnswerForm', { timeout: 20_000 }, () => {
  it('starts from the saved answers and asks for every rating before sending', async () => {
    await changeLanguage('es');
    const { puts } = renderForm();
    const git = screen.getByRole('radiogroup', { name: /^Git/ });
    expect((git.querySelector('input[value="4"]') as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole('textbox', { name: 'Comentario sobre Git (opcional)' }) as HTMLInputElement).value,
    ).toBe('Daily');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar respuestas' }));
    expect(screen.getByText('Elige una calificación de 1 a 5.')).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('sends every item with its rating and comment', async () => {
    const { puts } = renderForm({
      'PUT /me/knowledge_forms/9/answers': {
        body: { data: { ...FORM, answered_at: '2026-11-26T10:00:00.000Z' } },
      },
    });
    const sql = screen.getByRole('radiogroup', { name: /^SQL/ });
    fireEvent.click(sql.querySelector('input[value="2"]')!);
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment on SQL (optional)' }), {
      target: { value: '  Basics  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0]?.init?.body))).toEqual({
      answers: [
        { item_id: 1, rating: 4, comment: 'Daily' },
        { item_id: 2, rating: 2, comment: 'Basics' },
      ],
    });
  });

  it('says so when the form closed meanwhile', async () => {
    renderForm({
      'PUT /me/knowledge_forms/9/answers': {
        status: 409,
        body: {
          errors: ['This form is closed: answers can no longer be changed.'],
          code: 'KNOWLEDGE_FORM_CLOSED',
        },
      },
    });
    fireEvent.click(screen.getByRole('radiogroup', { name: /^SQL/ }).querySelector('input[value="5"]')!);
    fireEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText('This form is closed: answers can no longer be changed.')).toBeTruthy();
  });
});

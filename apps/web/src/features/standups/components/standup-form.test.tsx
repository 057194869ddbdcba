import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { stubFetch } from '../../../test/render';
import { StandupForm } from './standup-form';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function renderForm(answers: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch(answers);
  vi.stubGlobal('fetch', stub.fetchStub);
  const onDone = vi.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <StandupForm projectId="7" onDone={onDone} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const posts = () => stub.calls.filter((call) => call.init?.method === 'POST');
  return { posts, onDone };
}

const type = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

describe('StandupForm', { timeout: 20_000 }, () => {
  it('explains every missing answer in words before anything is sent', () => {
    const { posts } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit stand-up' }));
    expect(screen.getAllByText('The text cannot be empty.')).toHaveLength(2);
    expect(screen.getByText('Enter hours from 0 to 24, with at most 2 decimals.')).toBeTruthy();
    expect(screen.getAllByText('Choose a value from 1 to 5.')).toHaveLength(2);
    expect(posts()).toEqual([]);
  });

  it('refuses more than 24 hours and a third decimal', () => {
    renderForm();
    type(/^Hours worked/, '25');
    fireEvent.click(screen.getByRole('button', { name: 'Submit stand-up' }));
    expect(screen.getByText('Enter hours from 0 to 24, with at most 2 decimals.')).toBeTruthy();
    type(/^Hours worked/, '1.125');
    expect(screen.queryByText('Enter hours from 0 to 24, with at most 2 decimals.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit stand-up' }));
    expect(screen.getByText('Enter hours from 0 to 24, with at most 2 decimals.')).toBeTruthy();
  });

  it('reads the Spanish decimal comma and sends the stand-up', async () => {
    await changeLanguage('es');
    const { posts, onDone } = renderForm({
      'POST /projects/7/standups': { status: 201, body: { data: { id: 5 } } },
    });
    type(/^Qué hice/, 'Terminé el formulario');
    type(/^Qué haré/, 'Probarlo');
    type(/^Bloqueos/, 'Esperando la API');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tengo un bloqueo' }));
    type(/^Horas trabajadas/, '2,5');
    fireEvent.click(screen.getAllByRole('radio', { name: '4' })[0]!);
    fireEvent.click(screen.getAllByRole('radio', { name: '3' })[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]?.init?.body))).toEqual({
      did: 'Terminé el formulario',
      will_do: 'Probarlo',
      blockers: 'Esperando la API',
      is_blocked: true,
      hours: 2.5,
      stress: 4,
      feeling: 3,
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('says so when today’s was already submitted', async () => {
    renderForm({
      'POST /projects/7/standups': {
        status: 409,
        body: {
          errors: ['You already submitted your stand-up today. Edit it instead.'],
          code: 'STANDUP_ALREADY_SUBMITTED',
        },
      },
    });
    type(/^What I did/, 'a');
    type(/^What I will do/, 'b');
    type(/^Hours worked/, '0');
    fireEvent.click(screen.getAllByRole('radio', { name: '1' })[0]!);
    fireEvent.click(screen.getAllByRole('radio', { name: '5' })[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Submit stand-up' }));
    expect(
      await screen.findByText('You already submitted your stand-up today. Edit it instead.'),
    ).toBeTruthy();
  });
});

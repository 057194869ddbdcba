import { TextInput } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import i18n, { i18nReady, loadEveryNamespace } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { GuardedModal, useDiscardGuard } from './guarded-modal';

/** A form that counts as dirty once its one field holds text, as `form.isDirty()` would. */
function NameForm() {
  const [name, setName] = useState('');
  useDiscardGuard(name !== '');
  return <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />;
}

function Harness({ onClosed }: { onClosed: () => void }) {
  const [opened, setOpened] = useState(true);
  const close = () => {
    setOpened(false);
    onClosed();
  };
  return (
    <GuardedModal opened={opened} onClose={close} title="New thing">
      {opened && <NameForm />}
    </GuardedModal>
  );
}

function renderHarness() {
  const onClosed = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Harness onClosed={onClosed} />
    </AppProviders>,
  );
  return { onClosed, input: screen.getByLabelText<HTMLInputElement>('Name') };
}

const pressEscape = (target: Element) => fireEvent.keyDown(target, { key: 'Escape' });

describe('GuardedModal', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadEveryNamespace();
    await i18n.changeLanguage('en');
  });

  it('closes at once on Esc when nothing was typed', () => {
    const { onClosed, input } = renderHarness();
    pressEscape(input);
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard your changes?')).toBeNull();
  });

  it('asks on Esc with typed text, and "Keep editing" keeps the dialog and the text', async () => {
    const { onClosed, input } = renderHarness();
    fireEvent.change(input, { target: { value: 'Sprint plan' } });
    pressEscape(input);
    expect(await screen.findByText('Discard your changes?')).toBeTruthy();
    expect(onClosed).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByText('Discard your changes?')).toBeNull());
    expect(onClosed).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Sprint plan');
  });

  it('answers Esc inside the question with "keep editing", not with closing both', async () => {
    const { onClosed, input } = renderHarness();
    fireEvent.change(input, { target: { value: 'Sprint plan' } });
    pressEscape(input);
    const keep = await screen.findByRole('button', { name: 'Keep editing' });
    pressEscape(keep);
    await waitFor(() => expect(screen.queryByText('Discard your changes?')).toBeNull());
    expect(onClosed).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Sprint plan');
  });

  it('closes the dialog when "Discard" is chosen', async () => {
    const { onClosed, input } = renderHarness();
    fireEvent.change(input, { target: { value: 'Sprint plan' } });
    pressEscape(input);
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('asks in Spanish in the Spanish interface', async () => {
    await i18n.changeLanguage('es');
    try {
      const { input } = renderHarness();
      fireEvent.change(input, { target: { value: 'Plan del sprint' } });
      pressEscape(input);
      expect(await screen.findByText('¿Descartar los cambios?')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Seguir editando' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Descartar' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { i18nReady, loadEveryNamespace } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { BoardTaskRequestsContext, type BoardTaskRequests } from '../board-task-requests';
import { OpenFormContext, useOpenFormState } from '../hooks/use-open-form';
import { CreateTaskForm } from './create-task-form';
import { NameForm } from './name-form';

const QUESTION = 'Discard your changes?';
const pressEscape = (target: Element) => fireEvent.keyDown(target, { key: 'Escape' });
const type = (box: Element, value: string) => fireEvent.change(box, { target: { value } });

function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

describe('the board inline forms on Esc', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await i18nReady;
    await loadEveryNamespace();
    await i18n.changeLanguage('en');
  });

  describe('NameForm (new board, new column, rename)', () => {
    function renderNameForm(initialValue?: string) {
      const onCancel = vi.fn();
      render(
        <Providers>
          <NameForm
            label="Board name"
            submitLabel="Create board"
            initialValue={initialValue}
            onSubmit={vi.fn()}
            onCancel={onCancel}
          />
        </Providers>,
      );
      return { onCancel, box: screen.getByRole<HTMLInputElement>('textbox', { name: 'Board name' }) };
    }

    it('cancels at once when nothing was typed (or only spaces)', () => {
      const { onCancel, box } = renderNameForm();
      type(box, '   ');
      pressEscape(box);
      expect(onCancel).toHaveBeenCalledTimes(1);
      expect(screen.queryByText(QUESTION)).toBeNull();
    });

    it('asks with a typed name: "Keep editing" keeps it, "Discard" cancels', async () => {
      const { onCancel, box } = renderNameForm();
      type(box, 'Roadmap');
      pressEscape(box);
      fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
      expect(onCancel).not.toHaveBeenCalled();
      expect(box.value).toBe('Roadmap');

      pressEscape(box);
      fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
      expect(onCancel).toHaveBeenCalledTimes(1);
    });

    it('asks on a rename only once the name differs from the saved one', async () => {
      const { onCancel, box } = renderNameForm('Roadmap');
      pressEscape(box);
      expect(onCancel).toHaveBeenCalledTimes(1);
      type(box, 'Roadmap 2');
      pressEscape(box);
      expect(await screen.findByText(QUESTION)).toBeTruthy();
      expect(onCancel).toHaveBeenCalledTimes(1);
    });

    it('cancels without asking on its own cancel button', () => {
      const { onCancel, box } = renderNameForm();
      type(box, 'Roadmap');
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(onCancel).toHaveBeenCalledTimes(1);
      expect(screen.queryByText(QUESTION)).toBeNull();
    });
  });

  describe('CreateTaskForm (add a task)', () => {
    // Only the creation is used by the form; Esc never sends anything.
    const requests = {
      useCreateTask: () => ({ mutate: vi.fn(), isPending: false }),
    } as unknown as BoardTaskRequests;

    function Board() {
      const formState = useOpenFormState();
      return (
        <OpenFormContext.Provider value={formState}>
          <BoardTaskRequestsContext.Provider value={requests}>
            <CreateTaskForm boardId={1} columnId={2} columnName="To do" />
          </BoardTaskRequestsContext.Provider>
        </OpenFormContext.Provider>
      );
    }

    function openForm() {
      fireEvent.click(screen.getByRole('button', { name: 'Add a task to To do' }));
      return screen.getByRole<HTMLInputElement>('textbox', { name: 'Task title' });
    }

    it('closes at once when nothing was typed', () => {
      render(<Board />, { wrapper: Providers });
      pressEscape(openForm());
      expect(screen.queryByRole('textbox', { name: 'Task title' })).toBeNull();
      expect(screen.queryByText(QUESTION)).toBeNull();
    });

    it('asks with a typed title, and "Discard" empties the form it closes', async () => {
      render(<Board />, { wrapper: Providers });
      const box = openForm();
      type(box, 'Write the report');
      pressEscape(box);
      fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
      expect(box.value).toBe('Write the report');

      pressEscape(box);
      fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
      await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Task title' })).toBeNull());
      expect(openForm().value).toBe('');
    });
  });
});

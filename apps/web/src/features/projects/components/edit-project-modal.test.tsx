import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProject } from '../../../test/fixtures';
import { stubFetch } from '../../../test/render';
import { EditProjectModal } from './edit-project-modal';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderModal(course = { year: '3', semester: '2026-2', section: 'A', group: 'G1' }) {
  const project = makeProject({ id: 7, course });
  const stub = stubFetch({ 'PUT /projects/7': { body: { data: project } } });
  vi.stubGlobal('fetch', stub.fetchStub);
  const onClose = vi.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <EditProjectModal project={project} onClose={onClose} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const sent = () =>
    stub.calls
      .filter((call) => call.init?.method === 'PUT')
      .map((call) => JSON.parse(String(call.init?.body)));
  return { onClose, sent };
}

describe('EditProjectModal, the place in the course', { timeout: 20_000 }, () => {
  it('shows the placement and sends only the fields the owner changed (an emptied one clears it)', async () => {
    const { onClose, sent } = renderModal();
    expect((screen.getByRole('textbox', { name: 'Section' }) as HTMLInputElement).value).toBe('A');
    fireEvent.change(screen.getByRole('textbox', { name: 'Section' }), { target: { value: 'B' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Group' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()).toHaveLength(1);
    expect(sent()[0].course).toEqual({ section: 'B', group: null });
  });

  it('sends no course when nothing of it changed, and refuses a section too long', async () => {
    const { onClose, sent } = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()[0]).not.toHaveProperty('course');

    fireEvent.change(screen.getAllByRole('textbox', { name: 'Section' }).at(-1)!, {
      target: { value: 'x'.repeat(101) },
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' }).at(-1)!);
    expect(await screen.findByText(/too long/i)).toBeTruthy();
    expect(sent()).toHaveLength(1);
  });
});

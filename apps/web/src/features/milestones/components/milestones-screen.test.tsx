import type { Milestone } from '@teamboard/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { i18nReady, loadEveryNamespace } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { stubFetch } from '../../../test/render';
import { MilestonesScreen } from './milestones-screen';

const SPRINT: Milestone = {
  milestone_id: 3,
  milestone_name: 'Sprint 1',
  project_id: 7,
  start_date: '2025-03-03',
  deadline: '2025-03-14',
  sprint: true,
};

function renderScreen() {
  const stub = stubFetch({
    '/projects/7/milestones': { body: { data: [SPRINT] } },
    '/projects/7/milestone_snapshots': { body: { data: [] } },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const router = createMemoryRouter(
    [{ path: '*', element: <MilestonesScreen projectId="7" canEdit timeZone={null} /> }],
    { initialEntries: ['/project/7/milestone'] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const dialog = (name: string) => screen.queryByRole('dialog', { name });
const nameBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Name/ });
const pressEscape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('MilestonesScreen, the milestone dialog', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await i18nReady;
    await loadEveryNamespace();
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('closes at once on Esc when nothing was typed', async () => {
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'New milestone' }));
    expect(await screen.findByRole('dialog', { name: 'New milestone' })).toBeTruthy();
    pressEscape();
    await waitFor(() => expect(dialog('New milestone')).toBeNull());
    expect(dialog('Discard your changes?')).toBeNull();
  });

  it('asks on Esc once a name is typed; "Keep editing" keeps it, "Discard" closes', async () => {
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'New milestone' }));
    await screen.findByRole('dialog', { name: 'New milestone' });
    fireEvent.change(nameBox(), { target: { value: 'Release 1' } });
    pressEscape();
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(dialog('Discard your changes?')).toBeNull());
    expect(nameBox().value).toBe('Release 1');

    pressEscape();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(dialog('New milestone')).toBeNull());
  });

  it('asks when an edit changed the milestone, not when it was only opened', async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Sprint 1' }));
    await screen.findByRole('dialog', { name: 'Edit milestone' });
    pressEscape();
    await waitFor(() => expect(dialog('Edit milestone')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit Sprint 1' }));
    await screen.findByRole('dialog', { name: 'Edit milestone' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'This milestone is a sprint' }));
    pressEscape();
    expect(await screen.findByRole('dialog', { name: 'Discard your changes?' })).toBeTruthy();
  });

  it('closes without asking on its own Cancel, typed name or not', async () => {
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'New milestone' }));
    await screen.findByRole('dialog', { name: 'New milestone' });
    fireEvent.change(nameBox(), { target: { value: 'Release 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog('New milestone')).toBeNull());
    expect(dialog('Discard your changes?')).toBeNull();
  });
});

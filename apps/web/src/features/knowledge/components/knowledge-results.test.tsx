import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { KnowledgeResults } from '@teamboard/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { stubFetch } from '../../../test/render';
import { KnowledgeResultsScreen } from './knowledge-results';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const results: KnowledgeResults = {
  form: {
    id: 4,
    title: 'Git basics',
    description: '',
    year: null,
    semester: null,
    section: null,
    group: null,
    opens_on: '2026-11-02',
    closes_on: '2026-11-20',
    state: 'closed',
    items: [
      { id: 1, name: 'Branches' },
      { id: 2, name: 'Rebase' },
    ],
    created_by: 1,
    created_by_name: 'Ana',
    respondents: 2,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
  },
  sections: ['A'],
  groups: ['1'],
  respondents: [
    {
      user_id: 2,
      name: 'Beto',
      section: 'A',
      group: null,
      answered_at: '2026-11-05T15:00:00.000Z',
      answers: [
        { item_id: 1, rating: 3, comment: 'Some practice' },
        { item_id: 2, rating: null, comment: '' },
      ],
    },
    {
      user_id: 3,
      name: 'Carla',
      section: 'A',
      group: '1',
      answered_at: '2026-11-06T15:00:00.000Z',
      answers: [
        { item_id: 1, rating: 4, comment: '' },
        { item_id: 2, rating: 2, comment: '' },
      ],
    },
  ],
  distribution: [
    { item_id: 1, name: 'Branches', counts: [0, 0, 1, 1, 0], total: 2, average: 3.5 },
    { item_id: 2, name: 'Rebase', counts: [0, 1, 0, 0, 0], total: 1, average: null },
  ],
};

async function renderResults(language: 'en' | 'es') {
  await changeLanguage(language);
  vi.stubGlobal('fetch', stubFetch({ '/knowledge_forms/4/answers': { body: { data: results } } }).fetchStub);
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <KnowledgeResultsScreen formId={4} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const distribution = await screen.findByRole('region', {
    name: language === 'en' ? 'Distribution per item' : 'Distribución por ítem',
  });
  return within(distribution).getByRole('table');
}

describe('KnowledgeResultsScreen', () => {
  it('shows each item’s ratings, count and average, with a dash for no average (English)', async () => {
    const table = await renderResults('en');
    const [, branches, rebase] = within(table).getAllByRole('row');
    expect(within(branches!).getByRole('rowheader').textContent).toBe('Branches');
    expect(branches!.textContent).toContain('3.5');
    expect(within(rebase!).getAllByRole('cell').at(-1)!.textContent).not.toMatch(/\d/);
    expect(screen.getAllByRole('table')).toHaveLength(2);
  });

  it('writes the average with a decimal comma in Spanish', async () => {
    const table = await renderResults('es');
    const [, branches] = within(table).getAllByRole('row');
    expect(branches!.textContent).toContain('3,5');
  });
});

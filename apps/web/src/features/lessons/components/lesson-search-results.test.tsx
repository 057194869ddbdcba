import { MantineProvider } from '@mantine/core';
import type { LessonSearchResponse } from '@teamboard/contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { SearchResults } from './lesson-search-results';

afterEach(async () => {
  await changeLanguage('en');
});

function response(noneFits: boolean): LessonSearchResponse {
  const hit = {
    lesson: {
      lesson_id: 7,
      project_id: 1,
      project_name: 'Team A',
      title: 'Conflicts on every merge',
      tags: ['git'],
      language: 'en' as const,
      status: 'published' as const,
      published: true,
      hidden: false,
      votes: 3,
      views: 10,
      abuse: 0,
      author: { user_id: 1, name: 'Rita' },
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
      published_at: '2026-11-20T10:00:00.000Z',
    },
    score: 1.5,
    coverage: noneFits ? 0.1 : 0.9,
    title: [{ text: 'Conflicts on every merge', match: false }],
    snippet: [{ text: 'We merged late.', match: false }],
  };
  return { data: [hit], none_fits: noneFits, total: 1, page: 1, page_size: 10 };
}

function show(noneFits: boolean) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <SearchResults
          response={response(noneFits)}
          busy={false}
          stale={false}
          lessonPath={(id) => `/lessons/${id}`}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('SearchResults', () => {
  it('lists the lessons found when one fits', () => {
    show(false);
    expect(screen.getByRole('status').textContent).toBe('1 lesson found');
    // One lesson: its tags are a list of their own inside it.
    const list = screen.getByRole('list', { name: 'Search results' });
    expect(list.querySelectorAll(':scope > li')).toHaveLength(1);
    expect(screen.queryByText('No lesson fits your question')).toBeNull();
  });

  it('says no lesson fits, then offers the weak matches as the closest lessons', () => {
    show(true);
    expect(within(screen.getByRole('status')).getByText('No lesson fits your question')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Closest lessons' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
    const closest = screen.getByRole('list', { name: 'Closest lessons' });
    expect(within(closest).getByRole('link', { name: 'Conflicts on every merge' })).toBeTruthy();
    expect(screen.queryByText(/lessons? found/)).toBeNull();
  });

  it('says so in Spanish', async () => {
    await changeLanguage('es');
    show(true);
    expect(screen.getByText('Ninguna lección responde a tu pregunta')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Lecciones más cercanas' })).toBeTruthy();
  });
});

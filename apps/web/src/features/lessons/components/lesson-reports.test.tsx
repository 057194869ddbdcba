import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { LessonReports as LessonReportsData } from '@teamboard/contract';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { stubFetch } from '../../../test/render';
import { LessonReports } from './lesson-reports';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const REPORTS: LessonReportsData = {
  lesson_id: 4,
  hidden: false,
  threshold: 3,
  counting: 2,
  shared_project: { project_id: 9, name: 'Equipo R' },
  reports: [
    {
      reporter: { user_id: 1, name: 'Rita', email: 'rita@uni.example' },
      created_at: '2026-11-20T10:00:00.000Z',
      reason: 'Copia otra lección',
      counts: true,
      not_counted_because: null,
    },
    {
      reporter: { user_id: 2, name: 'Nico', email: 'nico@uni.example' },
      created_at: '2026-11-21T10:00:00.000Z',
      reason: null,
      counts: false,
      not_counted_because: 'ACCOUNT_TOO_NEW',
    },
  ],
};

describe('LessonReports', () => {
  it('lists each reporter, whether the report counts and why not, and why the lesson is still shown', async () => {
    await changeLanguage('es');
    vi.stubGlobal('fetch', stubFetch({ '/lessons/4/reports': { body: { data: REPORTS } } }).fetchStub);
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <LessonReports lessonId={4} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Quién la denunció' });
    const [rita, nico] = within(list).getAllByRole('listitem');
    expect(rita!.textContent).toContain('rita@uni.example');
    expect(rita!.textContent).toContain('Copia otra lección');
    expect(rita!.textContent).toContain('Cuenta');
    expect(nico!.textContent).toContain('Sin motivo');
    expect(nico!.textContent).toContain('No cuenta');
    expect(nico!.textContent).toContain('La cuenta tenía menos de 7 días cuando denunció.');
    expect(screen.getByText('2 denuncias cuentan para ocultarla; se necesitan 3.')).toBeTruthy();
    expect(screen.getByText(/vienen de miembros de Equipo R/)).toBeTruthy();
  });
});

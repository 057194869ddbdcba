import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { stubFetch } from '../../test/render';

type Answers = NonNullable<Parameters<typeof stubFetch>[0]>;

/**
 * Stubs fetch with `answers` and renders a report screen at `path` with Mantine, a fresh query
 * cache and a memory router, whose location tells where the screen navigated.
 */
export function renderReport(ui: ReactNode, path: string, answers: Answers = {}) {
  const stub = stubFetch(answers);
  vi.stubGlobal('fetch', stub.fetchStub);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const reportCalls = (name: string) =>
    stub.calls.map((call) => call.url).filter((url) => url.startsWith(`/api/projects/7/reports/${name}`));
  return { router, reportCalls };
}

/** The text of each cell, row by row (header and totals rows included). */
export const rowTexts = (table: HTMLElement) =>
  Array.from(table.querySelectorAll('tr'), (row) =>
    Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent),
  );

/** Catches the CSV a download button builds: its file name and contents. */
export function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let blob: Blob | undefined;
  // jsdom has no object URLs: the stand-in keeps the blob a link is about to download.
  class ObjectUrls extends URL {
    static override createObjectURL(file: Blob) {
      blob = file;
      return 'blob:report';
    }
    static override revokeObjectURL() {}
  }
  vi.stubGlobal('URL', ObjectUrls);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    if (blob) files.push({ name: this.download, blob });
  });
  return files;
}

import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineOverlay } from './offline-overlay';

const renderOverlay = () =>
  render(
    <MantineProvider env="test">
      <OfflineOverlay />
    </MantineProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('OfflineOverlay', () => {
  it('appears when /api/health fails, cannot be escaped, and leaves when it answers', async () => {
    vi.useFakeTimers();
    let isUp = false;
    const fetchMock = vi.fn(async (_url: string) =>
      isUp ? new Response('{}', { status: 200 }) : Promise.reject(new TypeError('down')),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderOverlay();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('data-testid')).toBe('offline-overlay');
    expect(dialog.textContent).toContain('no internet connection');
    expect(screen.queryByRole('button')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();

    isUp = true;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByTestId('offline-overlay')).toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/health');
  });

  it('waits out one slow health check (a busy server), and appears on the second in a row', async () => {
    vi.useFakeTimers();
    // Never answers: each check is aborted at ONLINE_POLL_TIMEOUT_MS.
    const fetchMock = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderOverlay();
    await act(() => vi.advanceTimersByTimeAsync(5100));
    expect(screen.queryByTestId('offline-overlay')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5100));
    expect(screen.getByTestId('offline-overlay')).toBeTruthy();
  });
});

import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightedText } from './highlighted-text';

function renderSegments(segments: { text: string; match: boolean }[]) {
  return render(
    <MantineProvider>
      <p data-testid="text">
        <HighlightedText segments={segments} />
      </p>
    </MantineProvider>,
  ).getByTestId('text');
}

describe('HighlightedText', () => {
  it('marks the matched segments and keeps the rest as plain text', () => {
    const text = renderSegments([
      { text: 'Resolving ', match: false },
      { text: 'merge', match: true },
      { text: ' and ', match: false },
      { text: 'conflicts', match: true },
    ]);
    expect(text.textContent).toBe('Resolving merge and conflicts');
    expect([...text.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'merge',
      'conflicts',
    ]);
  });

  it('shows markup in a segment as text, never as HTML', () => {
    const text = renderSegments([
      { text: '<img src=x onerror=alert(1)>', match: true },
      { text: '<b>bold</b>', match: false },
    ]);
    expect(text.querySelector('img')).toBeNull();
    expect(text.querySelector('b')).toBeNull();
    expect(text.textContent).toBe('<img src=x onerror=alert(1)><b>bold</b>');
  });

  it('renders nothing for no segments', () => {
    expect(renderSegments([]).textContent).toBe('');
  });
});

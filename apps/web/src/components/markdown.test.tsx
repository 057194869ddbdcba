import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { Markdown, safeUrl } from './markdown';

describe('Markdown', () => {
  it('renders script, iframe and javascript: links inert', () => {
    const text =
      '<script>alert(1)</script>\n\n<iframe src=x></iframe>\n\n[x](javascript:alert(1)) and [ok](https://example.com)';
    const { container } = render(
      <AppProviders queryClient={createQueryClient()}>
        <Markdown text={text} />
      </AppProviders>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.some((href) => href.toLowerCase().includes('javascript:'))).toBe(false);
    expect(hrefs).toContain('https://example.com');
  });
});

describe('safeUrl', () => {
  it('keeps web, mail and relative targets', () => {
    for (const url of ['https://example.com/a?b=1&c=2', 'mailto:ana@example.com', '/project/7', '#top'])
      expect(safeUrl(url)).toBe(url);
  });

  it('drops script schemes, data: and targets still holding character references', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
      'javascript&colon;alert(1)',
    ])
      expect(safeUrl(url)).toBe('');
  });

  it('shows an image with a dropped target as its alt text, without an empty src', () => {
    const { container } = render(
      <AppProviders queryClient={createQueryClient()}>
        <Markdown text="![diagram](javascript:alert(1))" />
      </AppProviders>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('diagram');
  });
});

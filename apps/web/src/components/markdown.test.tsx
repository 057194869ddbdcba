import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { Markdown } from './markdown';

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

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

  it('drops every scheme but http, https and mailto, and targets still holding character references', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/png;base64,iVBORw0KGgo=',
      'DATA:text/plain,hi',
      'vbscript:msgbox(1)',
      'file:///C:/Windows/System32/calc.exe',
      'ms-msdt:/id PCWDiagnostic',
      'search-ms:query=x&crumb=location:\\\\evil\\share',
      'blob:https://example.com/uuid',
      'irc://irc.example.com/room',
      'xmpp:ana@example.com',
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

describe('Markdown from an uploaded file', () => {
  it('renders data:, file: and vbscript: links and images as text, never as live links', () => {
    const text =
      '# Notes\n\n[open me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) ' +
      '[photo](data:image/svg+xml,<svg/onload=alert(1)>) [share](file://evil.example/share/x.exe) ' +
      '[vb](VBScript:msgbox(1)) <data:text/html,hi> [site](https://example.com/guide) [me](mailto:ana@example.com)\n\n' +
      '![chart](data:image/png;base64,iVBORw0KGgo=)\n\n[ref]\n\n[ref]: data:text/html,<b>x</b>\n';
    const { container } = render(
      <AppProviders queryClient={createQueryClient()}>
        <Markdown text={text} />
      </AppProviders>,
    );
    const targets = [...container.querySelectorAll('[href], [src]')].map(
      (element) => element.getAttribute('href') ?? element.getAttribute('src'),
    );
    expect(targets).toEqual(['https://example.com/guide', 'mailto:ana@example.com']);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('open me');
    expect(container.textContent).toContain('chart');
  });
});

import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findExecutable } from '../../../../../../e2e/support/xss-check';
import { XSS_PAYLOADS } from '../../../../../../e2e/support/xss-corpus';
import { changeLanguage } from '../../../lib/i18n';
import { TermsText } from './terms-text';

// The stored-XSS corpus (issue 7) as terms text, in each language: the reader's text renders
// through components/markdown.tsx, so nothing in it may become executable.
describe('TermsText', () => {
  it('renders the reader’s language and keeps the XSS corpus inert', async () => {
    const hostile = XSS_PAYLOADS.join('\n\n');
    for (const language of ['en', 'es'] as const) {
      await changeLanguage(language);
      const { container, unmount } = render(
        <MantineProvider>
          <TermsText
            terms={{ body_en: `English text\n\n${hostile}`, body_es: `Texto en español\n\n${hostile}` }}
          />
        </MantineProvider>,
      );
      expect(container.textContent).toContain(language === 'en' ? 'English text' : 'Texto en español');
      expect(container.textContent).not.toContain(language === 'en' ? 'Texto en español' : 'English text');
      expect(findExecutable(container)).toEqual([]);
      unmount();
    }
    await changeLanguage('en');
  }, 60_000);
});

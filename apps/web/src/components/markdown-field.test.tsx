import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { MarkdownField, type MarkdownFieldTexts } from './markdown-field';

const TEXTS: MarkdownFieldTexts = {
  write: 'Write',
  preview: 'Preview',
  nothingToPreview: 'Nothing to preview',
  hint: 'Markdown: **bold**',
};

function Harness({ texts = TEXTS, error }: { texts?: MarkdownFieldTexts; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <AppProviders queryClient={createQueryClient()}>
      <MarkdownField
        label="Body"
        value={value}
        maxLength={50}
        error={error}
        onChange={setValue}
        texts={texts}
        size="short"
      />
    </AppProviders>
  );
}

describe('MarkdownField', () => {
  it('shows the typed Markdown rendered in its preview, and says when there is nothing to show', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview', pressed: false }));
    expect(screen.getByText('Nothing to preview')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Write', pressed: true }));
    fireEvent.change(screen.getByLabelText(/Body/), { target: { value: 'Some **bold** words' } });
    expect(screen.getByText('Markdown: **bold**')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText('bold').tagName).toBe('STRONG');
  });

  it('names its toggle after the field when asked, and keeps the error in view while previewing', () => {
    render(
      <Harness
        texts={{ ...TEXTS, named: { write: 'Edit Body', preview: 'Preview Body' } }}
        error="Too short"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Preview Body' }));
    expect(screen.getByRole('button', { name: 'Edit Body' }).textContent).toBe('Write');
    expect(screen.getByText('Too short')).toBeTruthy();
  });
});

import { Typography } from '@mantine/core';
import { memo } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';

/** A character reference (`&#106;`, `&#x6A;`, `&colon;`) left in a link target after Markdown parsing. */
const CHARACTER_REFERENCE = /&(#\d|#x[0-9a-f]|[a-z]+;)/i;

/**
 * react-markdown's filter (http, https, mailto, irc, xmpp or relative), plus: a target still holding
 * a character reference is dropped. Markdown only decodes references that end in `;`, so
 * `&#0000106avascript:` reaches the DOM as a harmless relative link — until anything (a copy into
 * HTML mail, a server render) serializes it again and a browser decodes it into `javascript:`.
 */
export function safeUrl(url: string): string {
  const allowed = defaultUrlTransform(url);
  return CHARACTER_REFERENCE.test(allowed) ? '' : allowed;
}

const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
  // An image whose target was dropped shows its alt text instead of an <img src=""> that would
  // request the page itself.
  img: ({ node: _node, src, alt }) =>
    typeof src === 'string' && src !== '' ? <img src={src} alt={alt ?? ''} /> : <span>{alt}</span>,
};

/**
 * Renders user Markdown safely: raw HTML is shown as text (no rehype-raw), and link and image
 * targets go through `safeUrl`, which drops javascript:, vbscript:, data: and encoded variants.
 * The stored-XSS corpus (e2e/support/xss-corpus.ts) is rendered through it in markdown.test.tsx.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <Typography fz="sm">
      <ReactMarkdown components={components} urlTransform={safeUrl}>
        {text}
      </ReactMarkdown>
    </Typography>
  );
});

import { Typography } from '@mantine/core';
import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';

/** The only schemes a link or image in Markdown may have: web pages and mail. */
const LINK_SCHEMES = /^(?:https?|mailto)$/i;
/** A character reference (`&#106;`, `&#x6A;`, `&colon;`) left in a link target after Markdown parsing. */
const CHARACTER_REFERENCE = /&(#\d|#x[0-9a-f]|[a-z]+;)/i;

/** A target without a scheme: the first colon, if any, comes after a `/`, `?` or `#` (micromark's rule). */
function isRelative(url: string): boolean {
  const colon = url.indexOf(':');
  if (colon < 0) return true;
  return ['/', '?', '#'].some((mark) => {
    const at = url.indexOf(mark);
    return at >= 0 && at < colon;
  });
}

/**
 * Where Markdown (lessons, comments, terms, assistant answers) may link or load an image from: an
 * allowlist of schemes, http, https and mailto, or a relative target. Everything else is dropped
 * (`data:`, `javascript:`, `vbscript:`, `file:`, `blob:`, `ms-msdt:`, irc, xmpp, …), as is a target
 * still holding a character reference: Markdown only decodes references that end in `;`, so
 * `&#0000106avascript:` reaches the DOM as a harmless relative link — until anything (a copy into
 * HTML mail, a server render) serializes it again and a browser decodes it into `javascript:`.
 */
export function safeUrl(url: string): string {
  const allowed = isRelative(url) || LINK_SCHEMES.test(url.slice(0, url.indexOf(':')));
  return allowed && !CHARACTER_REFERENCE.test(url) ? url : '';
}

const components: Components = {
  // A link or an image whose target was dropped shows as its text: an <a href=""> would still be a
  // live link (to the page itself), an <img src=""> would request the page.
  a: ({ node: _node, href, children, ...props }) =>
    href ? (
      <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ node: _node, src, alt }) =>
    typeof src === 'string' && src !== '' ? <img src={src} alt={alt ?? ''} /> : <span>{alt}</span>,
};

/**
 * Renders user Markdown safely: raw HTML is shown as text (no rehype-raw), and link and image
 * targets go through `safeUrl`, which keeps http, https, mailto and relative targets only.
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

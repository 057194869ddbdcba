import { Anchor, Typography } from '@mantine/core';
import { memo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import { safeUrl } from '../../../components/markdown';

/** An app path (`/project/3?task=9`), not a protocol-relative `//host` one. */
export function isAppPath(href: string | undefined): href is string {
  return href !== undefined && href.startsWith('/') && !href.startsWith('//');
}

interface AppLinkProps extends ComponentProps<'a'> {
  onNavigate?: () => void;
}

/** Links to the app's own pages stay in the tab (client-side); others open a new one. */
function AnswerLink({ href, children, onNavigate }: AppLinkProps) {
  // A target safeUrl dropped: the text stays, the link goes.
  if (!href) return <span>{children}</span>;
  if (isAppPath(href))
    return (
      <Anchor component={Link} to={href} onClick={onNavigate} inherit>
        {children}
      </Anchor>
    );
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow" inherit>
      {children}
    </Anchor>
  );
}

/**
 * An assistant answer as Markdown, rendered the app's safe way (components/markdown.tsx): raw HTML
 * stays text, link and image targets go through `safeUrl`. Answers quote lessons and link tasks,
 * so their in-app links navigate inside the app (and `onNavigate` may close the chat over it).
 */
export const AssistantMarkdown = memo(function AssistantMarkdown({
  text,
  onNavigate,
}: {
  text: string;
  onNavigate?: () => void;
}) {
  const components: Components = {
    a: ({ href, children }) => (
      <AnswerLink href={href} onNavigate={onNavigate}>
        {children}
      </AnswerLink>
    ),
    img: ({ src, alt }) =>
      typeof src === 'string' && src !== '' ? <img src={src} alt={alt ?? ''} /> : <span>{alt}</span>,
  };
  return (
    <Typography fz="sm">
      <ReactMarkdown components={components} urlTransform={safeUrl}>
        {text}
      </ReactMarkdown>
    </Typography>
  );
});

export { AnswerLink };

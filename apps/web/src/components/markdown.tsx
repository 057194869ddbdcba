import { Typography } from '@mantine/core';
import { memo } from 'react';
import ReactMarkdown from 'react-markdown';

/**
 * Renders user Markdown safely: raw HTML is shown as text (no rehype-raw), and react-markdown's
 * default URL transform drops javascript:, data: and other unsafe link targets.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <Typography fz="sm">
      <ReactMarkdown
        components={{
          a: ({ node: _node, ...props }) => (
            <a {...props} target="_blank" rel="noopener noreferrer nofollow" />
          ),
        }}
      >
        {text}
      </ReactMarkdown>
    </Typography>
  );
});

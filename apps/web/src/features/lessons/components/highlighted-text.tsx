import { Mark } from '@mantine/core';
import type { TextSegment } from '@teamboard/contract';
import { Fragment } from 'react';

/**
 * A search result's title or snippet: the words that matched the query are marked. Every segment is
 * rendered as text (React escapes it), never as HTML, whatever the lesson's author typed.
 */
export function HighlightedText({ segments }: { segments: TextSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? (
          <Mark key={index} color="yellow">
            {segment.text}
          </Mark>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}

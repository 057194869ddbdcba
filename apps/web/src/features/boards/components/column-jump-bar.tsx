import { Badge, Button, Group } from '@mantine/core';
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_BREAKPOINT } from '../../../lib/phone';

export interface ColumnChip {
  id: number;
  name: string;
  count: number;
}

interface ColumnJumpBarProps {
  columns: ColumnChip[];
  /** The board's sideways-scrolling viewport, whose columns carry `data-column-id`. */
  viewportRef: RefObject<HTMLDivElement | null>;
}

function columnElement(viewport: HTMLElement, id: number): HTMLElement | null {
  return viewport.querySelector<HTMLElement>(`[data-column-id="${id}"]`);
}

/** The column whose left edge is nearest the viewport's; the last one once scrolled to the end. */
function currentColumn(viewport: HTMLElement, columns: ColumnChip[]): number | null {
  if (columns.length === 0) return null;
  const atEnd = viewport.scrollLeft + viewport.clientWidth >= viewport.scrollWidth - 2;
  if (atEnd && viewport.scrollLeft > 0) return columns[columns.length - 1]!.id;
  const left = viewport.getBoundingClientRect().left;
  let best = columns[0]!.id;
  let bestDistance = Infinity;
  for (const column of columns) {
    const element = columnElement(viewport, column.id);
    if (!element) continue;
    const distance = Math.abs(element.getBoundingClientRect().left - left);
    if (distance < bestDistance) [best, bestDistance] = [column.id, distance];
  }
  return best;
}

/**
 * On a phone only one column fits: a chip per column, with its task count, shows where the others
 * are and scrolls the board to the chosen one (as Jira's and Trello's phone apps do). The chip of
 * the column in view is marked current.
 */
export function ColumnJumpBar({ columns, viewportRef }: ColumnJumpBarProps) {
  const { t } = useTranslation('boards');
  const [current, setCurrent] = useState<number | null>(null);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const update = () => setCurrent(currentColumn(viewport, columns));
    update();
    viewport.addEventListener('scroll', update, { passive: true });
    return () => viewport.removeEventListener('scroll', update);
  }, [viewportRef, columns]);

  function handleJump(id: number) {
    const viewport = viewportRef.current;
    const element = viewport && columnElement(viewport, id);
    if (!viewport || !element) return;
    const offset = element.getBoundingClientRect().left - viewport.getBoundingClientRect().left;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    viewport.scrollTo({ left: viewport.scrollLeft + offset, behavior: reduceMotion ? 'auto' : 'smooth' });
  }

  if (columns.length < 2) return null;
  return (
    <Group component="nav" aria-label={t('column.jump_bar')} gap={6} hiddenFrom={PHONE_BREAKPOINT}>
      {columns.map((column) => {
        const isCurrent = column.id === current;
        return (
          <Button
            key={column.id}
            size="compact-sm"
            variant={isCurrent ? 'filled' : 'light'}
            aria-current={isCurrent ? 'true' : undefined}
            onClick={() => handleJump(column.id)}
            rightSection={
              <Badge size="xs" variant="white" aria-label={t('column.count', { count: column.count })}>
                {column.count}
              </Badge>
            }
          >
            {column.name}
          </Button>
        );
      })}
    </Group>
  );
}

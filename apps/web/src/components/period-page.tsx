import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DayInput } from './day-input';
import { Page } from './page';

/** A period as the address has it; a missing end is the server's default. */
export interface PeriodRange {
  from?: string;
  to?: string;
}

/** What the router hands a project page about a period. */
export interface PeriodScreenProps {
  projectId: string;
  title: string;
  /** As the address has them; missing: the server's default period. */
  range: PeriodRange;
  onRangeChange: (range: Required<PeriodRange>) => void;
}

interface PeriodPageProps<T extends { from: string; to: string }> extends Omit<
  PeriodScreenProps,
  'projectId'
> {
  /** The page's data for `range`; its answer names the period the server chose. */
  query: UseQueryResult<T>;
  /** In the page's own namespace: the two date labels, the loader's name and the retry button. */
  labels: { from: string; to: string; loading: string; retry: string };
  children: (data: T) => ReactNode;
}

const FIELD_STYLE = { flex: '1 1 140px', maxWidth: 200 };

/**
 * A project page about a period (fairness, hour-log questions): From/To dates that default to the
 * period the server answered for, a loader, a failure with Retry, then the page's own content.
 */
export function PeriodPage<T extends { from: string; to: string }>({
  title,
  range,
  onRangeChange,
  query,
  labels,
  children,
}: PeriodPageProps<T>) {
  const from = query.data?.from ?? range.from ?? null;
  const to = query.data?.to ?? range.to ?? null;
  return (
    <Page title={title}>
      <Group align="flex-end" gap="sm">
        <DayInput
          label={labels.from}
          value={from}
          style={FIELD_STYLE}
          onChange={(value) => value && onRangeChange({ from: value, to: to ?? value })}
        />
        <DayInput
          label={labels.to}
          value={to}
          style={FIELD_STYLE}
          onChange={(value) => value && onRangeChange({ from: from ?? value, to: value })}
        />
      </Group>
      {query.isPending && <Loader size="sm" role="status" aria-label={labels.loading} />}
      {query.isError && (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            {query.error.message}
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {labels.retry}
            </Button>
          </Stack>
        </Alert>
      )}
      {query.data && children(query.data)}
    </Page>
  );
}

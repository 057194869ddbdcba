import { Alert, Button, Loader, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { isApiError } from '../../../lib/api-error';

interface ReportStatusProps<T> {
  /** What is wrong with the address (a range too long…), found without asking the server. */
  problem: string | null;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: { title: string; hint: string };
  children: (data: T) => ReactNode;
}

/** A report's problem, loading, error or empty state, or else the report itself. */
export function ReportStatus<T>({ problem, query, isEmpty, empty, children }: ReportStatusProps<T>) {
  const { t } = useTranslation('reports');
  if (problem !== null) {
    return (
      <Alert color="red" role="alert">
        {problem}
      </Alert>
    );
  }
  if (query.isPending) return <Loader size="sm" role="status" aria-label={t('loading')} />;
  if (query.isError) {
    // A refused range (422) will be refused again: only other failures offer to retry.
    const canRetry = !(isApiError(query.error) && query.error.status === 422);
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          {query.error.message}
          {canRetry && (
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (isEmpty(query.data)) {
    return (
      <EmptyState
        icon={<IconChartBar aria-hidden size={28} />}
        title={empty.title}
        description={empty.hint}
      />
    );
  }
  return children(query.data);
}

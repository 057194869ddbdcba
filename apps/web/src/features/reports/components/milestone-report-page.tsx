import { Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-error';
import { MilestonePicker } from './milestone-picker';
import { ReportStatus } from './report-status';

interface MilestoneReportPageProps<T> {
  projectId: string;
  title: string;
  /** The milestone the address names, or null when it names none. */
  milestoneId: number | null;
  /** The address of this report with another milestone. */
  pathOf: (milestoneId: number) => string;
  query: UseQueryResult<T>;
  isEmpty: (report: T) => boolean;
  empty: { title: string; hint: string };
  /** More controls beside the milestone picker. */
  controls?: ReactNode;
  children: (report: T) => ReactNode;
}

/**
 * The frame of a report about one milestone: the picker (choosing another changes the address),
 * then the report's states. A milestone that is not the project's (or no longer exists) reads as
 * the address's mistake.
 */
export function MilestoneReportPage<T>({
  projectId,
  title,
  milestoneId,
  pathOf,
  query,
  controls,
  ...status
}: MilestoneReportPageProps<T>) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const isUnknown = milestoneId === null || (isApiError(query.error) && query.error.status === 404);
  return (
    <Page title={title}>
      <Group align="flex-end" gap="sm">
        <MilestonePicker projectId={projectId} value={milestoneId} onChange={(id) => void navigate(pathOf(id))} />
        {controls}
      </Group>
      <ReportStatus problem={isUnknown ? t('milestone.invalid') : null} query={query} {...status} />
    </Page>
  );
}

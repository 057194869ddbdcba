import { Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-error';
import { MilestonePicker, parseMilestoneId } from './milestone-picker';
import { ReportStatus } from './report-status';
import type { ReportViewMode } from './report-view';

/** The address's parameters of a report about one milestone. */
export interface MilestoneReportParams {
  milestone_id: string;
}

/** What the router hands a screen reporting on one milestone. */
export interface MilestoneReportScreenProps {
  projectId: string;
  title: string;
  /** The address's parameters, as typed: the screen checks them. */
  params: Partial<MilestoneReportParams>;
  /** The address of this report with another milestone. */
  pathOf: (params: MilestoneReportParams) => string;
}

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
        <MilestonePicker
          projectId={projectId}
          value={milestoneId}
          onChange={(id) => void navigate(pathOf(id))}
        />
        {controls}
      </Group>
      <ReportStatus problem={isUnknown ? t('milestone.invalid') : null} query={query} {...status} />
    </Page>
  );
}

interface ChartOrTableReportScreenProps<T> extends MilestoneReportScreenProps {
  /** The report's query for a milestone (null: the address names none). */
  useReport: (projectId: string, milestoneId: number | null) => UseQueryResult<T>;
  isEmpty: (report: T) => boolean;
  empty: { title: string; hint: string };
  /** The result, shown as a chart or a table (the screen keeps the choice across milestones). */
  children: (
    report: T,
    view: { view: ReportViewMode; onViewChange: (view: ReportViewMode) => void },
  ) => ReactNode;
}

/** A report about one milestone read from the address, whose result is a chart or a table. */
export function ChartOrTableReportScreen<T>({
  projectId,
  params,
  pathOf,
  useReport,
  children,
  ...page
}: ChartOrTableReportScreenProps<T>) {
  const [view, setView] = useState<ReportViewMode>('chart');
  const milestoneId = parseMilestoneId(params.milestone_id);
  const query = useReport(projectId, milestoneId);
  return (
    <MilestoneReportPage
      projectId={projectId}
      milestoneId={milestoneId}
      pathOf={(id) => pathOf({ milestone_id: String(id) })}
      query={query}
      {...page}
    >
      {(report) => children(report, { view, onViewChange: setView })}
    </MilestoneReportPage>
  );
}

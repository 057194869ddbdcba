import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { optionalRangeProblem } from '../dates';
import { RangeFields, type DayRange } from './range-fields';
import { ReportStatus } from './report-status';

/** What the router hands a report whose range the address may leave out. */
export interface OptionalRangeReportScreenProps {
  projectId: string;
  title: string;
  /** From the query string, both optional: left out, the server reports the last 12 weeks. */
  params: Partial<DayRange>;
  /** The address of this report with a range. */
  pathOf: (params: DayRange) => string;
}

interface OptionalRangeReportPageProps<T extends DayRange> extends OptionalRangeReportScreenProps {
  /** The report's query for a range (null: the range is not valid, and the server is not asked). */
  useReport: (projectId: string, range: Partial<DayRange> | null) => UseQueryResult<T>;
  isEmpty: (report: T) => boolean;
  empty: { title: string; hint: string };
  children: (report: T) => ReactNode;
}

/**
 * The frame of a report over an optional range: the range fields (changing them changes the
 * address), then the report's states. A range the address names wrongly is said, not asked for.
 */
export function OptionalRangeReportPage<T extends DayRange>({
  projectId,
  title,
  params,
  pathOf,
  useReport,
  ...status
}: OptionalRangeReportPageProps<T>) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const code = optionalRangeProblem(params);
  const query = useReport(projectId, code === null ? params : null);
  // The fields show the range the server chose when the address names none.
  const start = params.start_date ?? query.data?.start_date;
  const end = params.end_date ?? query.data?.end_date;
  return (
    <Page title={title}>
      <RangeFields startDate={start} endDate={end} onChange={(range) => void navigate(pathOf(range))} />
      <ReportStatus problem={code === null ? null : t(`errors:${code}`)} query={query} {...status} />
    </Page>
  );
}

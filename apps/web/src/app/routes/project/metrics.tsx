import { Navigate, useParams } from 'react-router';
import { defaultReportParams } from '../../../features/reports/dates';
import { reportPath } from '../../report-paths';

/**
 * /project/:id/metrics — the sidebar's "task tracking metrics" is the task tracking report
 * (PRODUCT.md, Reports): the last 7 days, every member.
 */
export default function MetricsRoute() {
  const { id = '' } = useParams();
  return <Navigate replace to={reportPath(id, 'tasks', defaultReportParams())} />;
}

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useProject } from '../../../features/projects/api/get-project';
import { ReportIndex } from '../../../features/reports/components/report-index';
import { defaultReportParams } from '../../../features/reports/dates';
import { REPORT_KINDS, reportPath } from '../../report-paths';

/** /project/:id/report */
export default function ReportsRoute() {
  const { t } = useTranslation('projects');
  const { id = '' } = useParams();
  // The layout has loaded the project already: this reads the cache.
  const { data: project } = useProject(id);
  const defaults = defaultReportParams();
  return (
    <ReportIndex
      title={project ? `${t('pages.reports')} · ${project.name}` : t('pages.reports')}
      kinds={REPORT_KINDS}
      hrefOf={(kind) => reportPath(id, kind, defaults)}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ReportKind } from '../../report-paths';
import { ProjectScreen } from '../../../features/projects/components/project-screen';

/** Every /project/:id/report/<kind>/… URL; the parameters depend on the kind (docs/spec.md §2). */
export default function ReportDetailRoute({ kind }: { kind: ReportKind }) {
  const { t } = useTranslation('projects');
  const { id = '', ...params } = useParams();
  const details = Object.values(params).filter(Boolean).join(' · ');
  return <ProjectScreen title={t(`reports.${kind}`)} projectId={id} details={details || undefined} />;
}

import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { FairnessScreen } from '../../../features/fairness/components/fairness-screen';
import { useProject } from '../../../features/projects/api/get-project';

/** /project/:id/fairness?from=&to= — contribution fairness of the team (issue 23). */
export default function FairnessRoute() {
  const { t } = useTranslation('fairness');
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  // The layout has loaded the project already: this reads the cache.
  const { data: project } = useProject(id);
  const range = { from: search.get('from') ?? undefined, to: search.get('to') ?? undefined };
  return (
    <FairnessScreen
      projectId={id}
      title={project ? `${t('title')} · ${project.name}` : t('title')}
      range={range}
      onRangeChange={(next) => setSearch(next)}
    />
  );
}

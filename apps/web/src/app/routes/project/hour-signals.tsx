import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { HourSignalsScreen } from '../../../features/hour-signals/components/hour-signals-screen';
import { useProject } from '../../../features/projects/api/get-project';

/** /project/:id/hour-questions?from=&to= — hour-log questions for owners and teaching staff (issue 23). */
export default function HourSignalsRoute() {
  const { t } = useTranslation('hour-signals');
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  // The layout has loaded the project already: this reads the cache.
  const { data: project } = useProject(id);
  const range = { from: search.get('from') ?? undefined, to: search.get('to') ?? undefined };
  return (
    <HourSignalsScreen
      projectId={id}
      title={project ? `${t('title')} · ${project.name}` : t('title')}
      range={range}
      onRangeChange={(next) => setSearch(next)}
    />
  );
}

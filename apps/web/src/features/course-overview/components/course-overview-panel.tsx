import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  COURSE_SORT_KEYS,
  sortCourseTeams,
  type CourseOverview,
  type CourseSortKey,
  type SortDirection,
} from '@teamboard/contract';
import { IconDownload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useDownloadCourseOverview } from '../api/download-course-overview';
import { useCourseOverview, type CourseFilters as Filters } from '../api/get-course-overview';
import { CourseFilters } from './course-filters';
import { useCourseFormat } from './course-format';
import { CourseTable } from './course-table';

const FILTER_KEYS = ['year', 'semester', 'section', 'group'] as const;

/** The filters and the order live in the address (?section=A&sort=hours_week&dir=desc): back from a team keeps them. */
function useOverviewState() {
  const [search, setSearch] = useSearchParams();
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value) filters[key] = value;
  }
  const asked = search.get('sort');
  const sort: CourseSortKey = COURSE_SORT_KEYS.find((key) => key === asked) ?? 'name';
  const direction: SortDirection = search.get('dir') === 'desc' ? 'desc' : 'asc';
  const update = (changes: Record<string, string | undefined>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return {
    filters,
    sort,
    direction,
    setFilters: (next: Filters) => update(Object.fromEntries(FILTER_KEYS.map((key) => [key, next[key]]))),
    /** The same column again turns the order around; another starts ascending. */
    sortBy: (key: CourseSortKey) =>
      update({ sort: key, dir: key === sort && direction === 'asc' ? 'desc' : 'asc' }),
  };
}

/**
 * The dashboard's Course overview tab (teachers and admins): every team they may see, one row each,
 * filtered by year, semester, section and group, sortable by any column, as CSV too.
 */
export function CourseOverviewPanel() {
  const { t } = useTranslation('course-overview');
  const state = useOverviewState();
  const overview = useCourseOverview(state.filters);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('heading')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      {overview.isError && !overview.data ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('failed')}</Text>
            <Button size="xs" variant="default" onClick={() => void overview.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      ) : !overview.data ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('loading')}</Text>
        </Group>
      ) : (
        <OverviewResult data={overview.data} state={state} />
      )}
      <HowItWorks />
    </Stack>
  );
}

function OverviewResult({
  data,
  state,
}: {
  data: CourseOverview;
  state: ReturnType<typeof useOverviewState>;
}) {
  const { t } = useTranslation('course-overview');
  const format = useCourseFormat();
  const download = useDownloadCourseOverview();
  const teams = useMemo(
    () => sortCourseTeams(data.teams, state.sort, state.direction),
    [data.teams, state.sort, state.direction],
  );
  if (data.total_teams === 0) return <EmptyState title={t('empty')} />;
  const fileName = `course-overview-${new Date().toISOString().slice(0, 10)}.csv`;
  return (
    <Stack gap="sm">
      <CourseFilters filters={state.filters} options={data.filters} onChange={state.setFilters} />
      <Group justify="space-between" gap="xs">
        <Text size="sm" aria-live="polite">
          {t('showing', { shown: format.number(teams.length), total: format.number(data.total_teams) })}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.isPending}
          disabled={teams.length === 0}
          onClick={() =>
            download.mutate({
              query: { ...state.filters, sort: state.sort, direction: state.direction },
              fileName,
            })
          }
        >
          {t('download')}
        </Button>
      </Group>
      {teams.length === 0 ? (
        <Text size="sm">{t('empty_filtered')}</Text>
      ) : (
        <CourseTable
          teams={teams}
          sort={state.sort}
          direction={state.direction}
          onSort={state.sortBy}
          format={format}
        />
      )}
    </Stack>
  );
}

function HowItWorks() {
  const { t } = useTranslation('course-overview');
  return (
    <Stack gap={4} component="section" aria-labelledby="course-overview-how">
      <Title order={3} size="h5" id="course-overview-how">
        {t('how.title')}
      </Title>
      <Text size="sm">{t('how.sections')}</Text>
      <Text size="sm">{t('how.rules')}</Text>
      <Text size="sm">{t('how.placement')}</Text>
    </Stack>
  );
}

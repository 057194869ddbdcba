import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Standup, StandupList as StandupListData } from '@teamboard/contract';
import { IconMessageReport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { isApiError } from '../../../lib/api-error';
import { useStandups } from '../api/get-standups';
import { useStandupFormat } from '../format';
import { standupsRangeProblem, type StandupsUrlState } from '../hooks/standups-url-state';
import { isMoodWithheld, StandupFacts, StandupTexts } from './standup-content';
import { StandupFilters } from './standup-filters';

interface StandupListProps {
  projectId: string;
  state: StandupsUrlState;
  onChange: (change: Partial<StandupsUrlState>) => void;
  standupPath: (standup: Standup) => string;
}

/** The team's stand-ups by day, newest first, with who is missing today; range and member filters. */
export function StandupList({ projectId, state, onChange, standupPath }: StandupListProps) {
  const { t } = useTranslation('standups');
  const code = standupsRangeProblem(state.start_date, state.end_date);
  const query = useStandups(
    projectId,
    code === null ? { start_date: state.start_date, end_date: state.end_date, user_id: state.user_id } : null,
  );
  const data = query.data;

  let content;
  if (code !== null)
    content = (
      <Alert color="red" role="alert">
        {t(`errors:${code}`)}
      </Alert>
    );
  else if (query.isPending) content = <Loader size="sm" role="status" aria-label={t('loading')} />;
  else if (query.isError)
    content = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          {query.error.message}
          {!(isApiError(query.error) && query.error.status === 422) && (
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  else content = <ListResult list={query.data} standupPath={standupPath} />;

  return (
    <Stack gap="md">
      <StandupFilters
        startDate={state.start_date ?? data?.start_date}
        endDate={state.end_date ?? data?.end_date}
        onRangeChange={onChange}
        members={data?.members ?? []}
        userId={state.user_id}
        onUserChange={(userId) => onChange({ user_id: userId })}
      />
      {content}
    </Stack>
  );
}

function ListResult({
  list,
  standupPath,
}: {
  list: StandupListData;
  standupPath: (standup: Standup) => string;
}) {
  const { t } = useTranslation('standups');
  const format = useStandupFormat();
  const missing = list.members.filter((member) => list.missing_today.includes(member.user_id));
  const days = [...new Set(list.standups.map((standup) => standup.day))];
  const names = new Intl.ListFormat(format.language, { type: 'conjunction' });
  return (
    <Stack gap="md">
      <Alert color={missing.length > 0 ? 'orange' : 'teal'} variant="light" aria-live="polite">
        {missing.length > 0
          ? t('list.missing_today', { names: names.format(missing.map((member) => member.name)) })
          : t('list.all_submitted')}
      </Alert>
      {list.standups.some(isMoodWithheld) && (
        <Text size="sm" c="dimmed">
          {t('list.moods_private')}
        </Text>
      )}
      {days.length === 0 ? (
        <EmptyState
          icon={<IconMessageReport aria-hidden size={28} />}
          title={t('list.empty')}
          description={t('list.empty_hint')}
        />
      ) : (
        days.map((day) => {
          const ofDay = list.standups.filter((standup) => standup.day === day);
          return (
            <Stack
              key={day}
              gap="xs"
              component="section"
              aria-label={t('list.day', { day: format.day(day) })}
            >
              <Group gap="xs" align="baseline">
                <Title order={2} size="h4">
                  {format.day(day)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('list.count', { count: ofDay.length })}
                </Text>
              </Group>
              {ofDay.map((standup) => (
                <Paper key={standup.id} withBorder radius="md" p="sm" component="article">
                  <Stack gap="xs">
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Anchor
                        component={Link}
                        to={standupPath(standup)}
                        fw={600}
                        aria-label={t('list.open', { name: standup.user_name })}
                      >
                        {standup.user_name}
                      </Anchor>
                      <StandupFacts standup={standup} />
                    </Group>
                    <StandupTexts standup={standup} lineClamp={3} />
                  </Stack>
                </Paper>
              ))}
            </Stack>
          );
        })
      )}
    </Stack>
  );
}

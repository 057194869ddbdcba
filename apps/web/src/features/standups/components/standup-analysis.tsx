import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { StandupAnalysis, StandupMemberAnalysis } from '@teamboard/contract';
import { IconChartLine } from '@tabler/icons-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { NumbersTable } from '../../../components/numbers-table';
import { isApiError } from '../../../lib/api-error';
import { useStandupAnalysis } from '../api/get-standup-analysis';
import { useStandupFormat } from '../format';
import { standupsRangeProblem, type StandupsUrlState } from '../hooks/standups-url-state';
import { StandupFilters } from './standup-filters';

// The charts library comes with the analysis only, not with the list.
const StandupCharts = lazy(() => import('./standup-charts'));

const SIGNAL_COLORS = { blocker: 'red', stress: 'orange', negative: 'grape', positive: 'teal' } as const;

interface StandupAnalysisViewProps {
  projectId: string;
  state: StandupsUrlState;
  onChange: (change: Partial<StandupsUrlState>) => void;
  /** A member or viewer: the rows are their own only (the server decides; the screen says so). */
  isOwnOnly: boolean;
  standupPath: (standupId: number) => string;
}

/** Hours, stress, feeling, blocking and missing stand-ups over a range; per member, with text signals. */
export function StandupAnalysisView({
  projectId,
  state,
  onChange,
  isOwnOnly,
  standupPath,
}: StandupAnalysisViewProps) {
  const { t } = useTranslation('standups');
  const code = standupsRangeProblem(state.start_date, state.end_date);
  const query = useStandupAnalysis(
    projectId,
    code === null ? { start_date: state.start_date, end_date: state.end_date } : null,
  );

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
  else if (query.data.team.submitted === 0 && query.data.team.missing === 0)
    content = (
      <EmptyState
        icon={<IconChartLine aria-hidden size={28} />}
        title={t('analysis.empty')}
        description={t('analysis.empty_hint')}
      />
    );
  else content = <AnalysisResult analysis={query.data} isOwnOnly={isOwnOnly} standupPath={standupPath} />;

  return (
    <Stack gap="md">
      <StandupFilters
        startDate={state.start_date ?? query.data?.start_date}
        endDate={state.end_date ?? query.data?.end_date}
        onRangeChange={onChange}
      />
      {content}
    </Stack>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

interface ResultProps {
  analysis: StandupAnalysis;
  isOwnOnly: boolean;
  standupPath: (standupId: number) => string;
}

function AnalysisResult({ analysis, isOwnOnly, standupPath }: ResultProps) {
  const { t } = useTranslation('standups');
  const format = useStandupFormat();
  const { team } = analysis;
  const range = format.range(analysis.start_date, analysis.end_date);
  return (
    <Stack gap="lg">
      <Section title={t('analysis.team')}>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
          <Stat label={t('analysis.submitted')} value={format.number(team.submitted)} />
          <Stat
            label={t('analysis.missing')}
            value={format.number(team.missing)}
            hint={t('analysis.missing_hint')}
          />
          <Stat label={t('analysis.frequency')} value={format.percent(team.blocking.frequency)} />
          <Stat
            label={t('analysis.open_blockers')}
            value={format.number(team.blocking.open_blockers)}
            hint={t('analysis.open_blockers_hint')}
          />
          <Stat label={t('analysis.days_blocked')} value={format.number(team.blocking.days_blocked)} />
        </SimpleGrid>
        <Suspense
          fallback={
            <Center mih={264}>
              <Loader size="sm" role="status" aria-label={t('loading')} />
            </Center>
          }
        >
          <StandupCharts analysis={analysis} />
        </Suspense>
        <DayTable analysis={analysis} caption={t('analysis.charts_caption', { range })} />
        {team.mood_averages_withheld && (
          <Text size="sm" c="dimmed">
            {t('analysis.mood_averages_withheld')}
          </Text>
        )}
      </Section>
      <Section title={t('analysis.members')}>
        {isOwnOnly && (
          <Text size="sm" c="dimmed">
            {t('analysis.own_only')}
          </Text>
        )}
        {analysis.members.length > 0 && (
          <MemberTable members={analysis.members} caption={t('analysis.members_caption', { range })} />
        )}
      </Section>
      {analysis.members.length > 0 && (
        <Section title={t('analysis.signals')}>
          <Text size="sm" c="dimmed">
            {t('analysis.signals_hint')}
          </Text>
          {analysis.members.map((member) => (
            <MemberSignals key={member.user_id} member={member} standupPath={standupPath} />
          ))}
        </Section>
      )}
    </Stack>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

function DayTable({ analysis, caption }: { analysis: StandupAnalysis; caption: string }) {
  const { t } = useTranslation('standups');
  const format = useStandupFormat();
  return (
    <NumbersTable
      minWidth={520}
      noWrap
      caption={caption}
      captionAlign="left"
      rows={analysis.team.per_day}
      rowKey={(day) => day.day}
      columns={[
        { label: t('analysis.day'), value: (day) => format.shortDay(day.day) },
        { label: t('analysis.submitted_short'), numeric: true, value: (day) => format.number(day.submitted) },
        { label: t('analysis.avg_hours'), numeric: true, value: (day) => format.maybe(day.hours_avg) },
        { label: t('analysis.avg_stress'), numeric: true, value: (day) => format.maybe(day.stress_avg) },
        { label: t('analysis.avg_feeling'), numeric: true, value: (day) => format.maybe(day.feeling_avg) },
        { label: t('analysis.blocked_short'), numeric: true, value: (day) => format.number(day.blocked) },
      ]}
    />
  );
}

function MemberTable({ members, caption }: { members: StandupMemberAnalysis[]; caption: string }) {
  const { t } = useTranslation('standups');
  const format = useStandupFormat();
  const number = (label: string, value: (member: StandupMemberAnalysis) => string) => ({
    label,
    numeric: true,
    value,
  });
  return (
    <NumbersTable
      minWidth={900}
      noWrap
      caption={caption}
      captionAlign="left"
      rows={members}
      rowKey={(member) => member.user_id}
      columns={[
        { label: t('analysis.member'), value: (member) => member.name },
        number(t('analysis.submitted_short'), (member) => format.number(member.submitted)),
        number(t('analysis.missing'), (member) => format.number(member.missing)),
        number(t('analysis.hours_total'), (member) => format.number(member.hours_total)),
        number(t('analysis.avg_hours'), (member) => format.maybe(member.hours_avg)),
        number(t('analysis.avg_stress'), (member) => format.maybe(member.stress_avg)),
        number(t('analysis.stress_trend'), (member) => format.signed(member.stress_trend)),
        number(t('analysis.avg_feeling'), (member) => format.maybe(member.feeling_avg)),
        number(t('analysis.days_blocked'), (member) => format.number(member.days_blocked)),
        {
          label: t('analysis.open_blocker'),
          value: (member) => (member.open_blocker ? t('analysis.yes') : t('analysis.no')),
        },
      ]}
    />
  );
}

/** One member's signals, newest day first: the kind, the words that raised it, the stand-up. */
function MemberSignals({
  member,
  standupPath,
}: {
  member: StandupMemberAnalysis;
  standupPath: (standupId: number) => string;
}) {
  const { t } = useTranslation('standups');
  const format = useStandupFormat();
  const signals = [...member.signals].sort((a, b) => b.day.localeCompare(a.day));
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={t('analysis.signals_of', { name: member.name })}
    >
      <Text fw={600} mb={4}>
        {member.name}
      </Text>
      {signals.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('analysis.no_signals')}
        </Text>
      ) : (
        <List spacing={6} size="sm" listStyleType="none">
          {signals.map((signal) => (
            <List.Item key={`${signal.standup_id}-${signal.kind}`}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" c="dimmed" style={NOWRAP}>
                  {format.shortDay(signal.day)}
                </Text>
                <Badge variant="light" color={SIGNAL_COLORS[signal.kind]} tt="none">
                  {t(`analysis.kind.${signal.kind}`)}
                </Badge>
                <Text size="sm">
                  {t('analysis.signal_words', { words: signal.words.map((word) => `“${word}”`).join(', ') })}
                </Text>
                <Anchor component={Link} to={standupPath(signal.standup_id)} size="sm">
                  {t('analysis.open_standup')}
                </Anchor>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

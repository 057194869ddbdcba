import { Accordion, Anchor, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  TASK_METRICS,
  tasksRangeError,
  type ReportTask,
  type TaskMetric,
  type TasksReport,
} from '@teamboard/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { useTasksReport } from '../api/get-tasks-report';
import { csvFileName } from '../../../lib/csv';
import { ALL, parseSelection, rangeProblem } from '../dates';
import { spansYears, useMemberName, useReportFormat } from '../format';
import type { ReportTableData } from '../report-table-data';
import type { ReportChoice } from './commits-report-screen';
import { RangeFields, type DayRange } from './range-fields';
import '@mantine/charts/styles.css';
import { ReportBarChart } from './report-bar-chart';
import { ReportStatus } from './report-status';
import { ReportView, type ReportViewMode } from './report-view';

export interface TasksReportParams extends DayRange {
  /** `all` or a member's id. */
  user_id: string;
}

interface TasksReportScreenProps {
  projectId: string;
  title: string;
  /** The address's parameters, as typed: the screen checks them. */
  params: Partial<TasksReportParams>;
  /** The address of this report with other parameters. */
  pathOf: (params: TasksReportParams) => string;
  members: ReportChoice[];
}

/** Everyone first, then each member (and the address's id, if it names no one listed: a former member). */
function memberData(allLabel: string, members: ReportChoice[], selected: number | typeof ALL | null) {
  const data = [
    { value: ALL, label: allLabel },
    ...members.map(({ id, name }) => ({ value: String(id), label: name })),
  ];
  if (typeof selected === 'number' && !members.some((member) => member.id === selected)) {
    data.push({ value: String(selected), label: `#${selected}` });
  }
  return data;
}

/** The range's error code (the task report draws a point per day, so at most a year), or null. */
const tasksRangeProblem = (start: string | undefined, end: string | undefined) =>
  rangeProblem(start, end) ?? tasksRangeError(start!, end!);

/** /project/:id/report/tasks/:start_date/:end_date/:user_id — the sidebar's "task tracking metrics". */
export function TasksReportScreen({ projectId, title, params, pathOf, members }: TasksReportScreenProps) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const [view, setView] = useState<ReportViewMode>('chart');
  const { start_date: start, end_date: end } = params;
  const user = parseSelection(params.user_id);
  const code = tasksRangeProblem(start, end);
  const query = useTasksReport(
    projectId,
    code === null && user !== null
      ? { start_date: start!, end_date: end!, user_id: user === ALL ? undefined : user }
      : null,
  );
  const go = (next: Partial<TasksReportParams>) =>
    void navigate(
      pathOf({ start_date: start ?? '', end_date: end ?? '', user_id: params.user_id ?? ALL, ...next }),
    );
  const problem = code !== null ? t(`errors:${code}`) : user === null ? t('tasks.invalid_user') : null;

  return (
    <Page title={title}>
      <RangeFields startDate={start} endDate={end} onChange={go}>
        <Select
          label={t('tasks.user')}
          value={user === null ? null : String(user)}
          data={memberData(t('tasks.all_users'), members, user)}
          onChange={(value) => value && go({ user_id: value })}
          allowDeselect={false}
          style={{ flex: '1 1 160px', maxWidth: 240 }}
        />
      </RangeFields>
      <ReportStatus
        problem={problem}
        query={query}
        isEmpty={(report) => TASK_METRICS.every((metric) => report.metrics[metric].count === 0)}
        empty={{ title: t('tasks.empty'), hint: t('tasks.empty_hint') }}
      >
        {(report) => <TasksResult report={report} projectId={projectId} view={view} onViewChange={setView} />}
      </ReportStatus>
    </Page>
  );
}

interface ResultProps {
  report: TasksReport;
  projectId: string;
  view: ReportViewMode;
  onViewChange: (view: ReportViewMode) => void;
}

const SERIES_COLORS = { created: 'blue.6', completed: 'teal.6' };

function TasksResult({ report, projectId, view, onViewChange }: ResultProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const memberName = useMemberName();
  const withYear = spansYears(report.start_date, report.end_date);
  const dayLabel = (day: string) => format.bucket(day, 'day', withYear);
  const count = (value: unknown) => format.number(Number(value));
  const sum = (key: 'created' | 'completed') => report.days.reduce((total, day) => total + day[key], 0);
  const table: ReportTableData = {
    caption: t('tasks.caption', { range: format.range(report.start_date, report.end_date) }),
    columns: [
      { label: t('tasks.day'), format: (day) => dayLabel(String(day)) },
      { label: t('tasks.metric.created'), isNumeric: true, format: count },
      { label: t('tasks.metric.completed'), isNumeric: true, format: count },
    ],
    rows: report.days.map((day) => [day.day, day.created, day.completed]),
    footer: [t('total'), sum('created'), sum('completed')],
  };
  const data = report.days.map((day) => ({ ...day, day: dayLabel(day.day) }));
  const series = (['created', 'completed'] as const).map((name) => ({
    name,
    label: t(`tasks.metric.${name}`),
    color: SERIES_COLORS[name],
  }));
  return (
    <Stack gap="lg">
      {report.user && <Text fw={600}>{t('tasks.assigned_to', { name: memberName(report.user) })}</Text>}
      <MetricCards report={report} />
      <ReportView
        table={table}
        fileName={csvFileName('tasks', report.start_date, report.end_date)}
        view={view}
        onViewChange={onViewChange}
        chart={
          <ReportBarChart counts data={data} dataKey="day" series={series} valueFormatter={format.number} />
        }
      />
      <MetricLists report={report} projectId={projectId} />
    </Stack>
  );
}

function MetricCards({ report }: { report: TasksReport }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  return (
    <SimpleGrid
      component="ul"
      aria-label={t('tasks.numbers_label')}
      cols={{ base: 2, xs: 3, md: 5 }}
      spacing="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {TASK_METRICS.map((metric) => (
        <Paper component="li" key={metric} withBorder p="sm">
          <Text size="sm" c="dimmed">
            {t(`tasks.metric.${metric}`)}
          </Text>
          <Text
            fw={600}
            size="xl"
            c={metric === 'overdue' && report.metrics.overdue.count > 0 ? 'red.8' : undefined}
          >
            {format.number(report.metrics[metric].count)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Each metric's tasks, folded: open one to read what a number is made of. */
function MetricLists({ report, projectId }: { report: TasksReport; projectId: string }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const titleId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('tasks.lists_title')}
      </Title>
      <Accordion multiple variant="contained">
        {TASK_METRICS.map((metric) => (
          <Accordion.Item key={metric} value={metric}>
            <Accordion.Control>
              {t('tasks.list_label', {
                metric: t(`tasks.metric.${metric}`),
                number: format.number(report.metrics[metric].count),
              })}
            </Accordion.Control>
            <Accordion.Panel>
              <MetricList metric={metric} projectId={projectId} {...report.metrics[metric]} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

interface MetricListProps {
  metric: TaskMetric;
  projectId: string;
  count: number;
  tasks: ReportTask[];
}

function MetricList({ metric, projectId, count, tasks }: MetricListProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t(`tasks.metric_hint.${metric}`)}
        {count > tasks.length &&
          ` ${t('tasks.newest_of', { shown: format.number(tasks.length), total: format.number(count) })}`}
      </Text>
      {tasks.length === 0 ? (
        <Text size="sm">{t('tasks.none')}</Text>
      ) : (
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
          {tasks.map((task) => (
            <li key={task.id}>
              <Anchor
                component={Link}
                to={`/project/${encodeURIComponent(projectId)}?task=${task.id}`}
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {task.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t(`tasks.event_day.${metric}`, { day: format.bucket(task.day, 'day', true) })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

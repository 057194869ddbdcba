import { Anchor, Badge, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { CourseOutlierMetric, CourseSortKey, CourseTeam, SortDirection } from '@teamboard/contract';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowNarrowRight,
  IconArrowUp,
  IconSelector,
  IconTrendingDown,
  IconTrendingUp,
} from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CourseFormat } from './course-format';
import classes from './course-table.module.css';

interface Column {
  key: CourseSortKey;
  label: string;
  numeric?: boolean;
  /** The outlier metric this column shows, when it has one. */
  metric?: CourseOutlierMetric;
}

const COLUMNS: Column[] = [
  { key: 'name', label: 'team' },
  { key: 'outliers', label: 'outliers' },
  { key: 'placement', label: 'placement' },
  { key: 'members', label: 'members', numeric: true },
  { key: 'hours_week', label: 'hours_week', numeric: true, metric: 'hours_week' },
  { key: 'tasks_closed_week', label: 'tasks_closed_week', numeric: true, metric: 'tasks_closed_week' },
  // Commits and merged pull requests share a column (sorted by commits); the CSV keeps both.
  { key: 'commits_week', label: 'commits_prs', numeric: true, metric: 'commits_week' },
  { key: 'open_blockers', label: 'open_blockers', numeric: true, metric: 'open_blockers' },
  { key: 'mood', label: 'mood', metric: 'mood' },
  { key: 'days_since_activity', label: 'days_since_activity', numeric: true, metric: 'days_since_activity' },
  { key: 'burndown', label: 'burndown', metric: 'burndown_behind' },
];

interface CourseTableProps {
  teams: CourseTeam[];
  sort: CourseSortKey;
  direction: SortDirection;
  onSort: (key: CourseSortKey) => void;
  format: CourseFormat;
}

/**
 * One row per team; every column sorts (aria-sort says how); a number that stands out against its
 * section's median is marked, and the Highlights column says why. On a phone the table scrolls
 * inside itself with the team's name kept in view.
 */
export function CourseTable({ teams, sort, direction, onSort, format }: CourseTableProps) {
  const { t } = useTranslation('course-overview');
  const captionId = useId();
  return (
    <Stack gap={4}>
      {/* Outside the table: inside, a phone would scroll it sideways out of view with the columns. */}
      <Text id={captionId} size="xs" c="dimmed">
        {t('caption')}
      </Text>
      <Table.ScrollContainer minWidth={1100} className={classes.scroller}>
        <Table
          verticalSpacing="xs"
          fz="sm"
          highlightOnHover
          className={classes.table}
          aria-labelledby={captionId}
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => {
                const active = column.key === sort;
                const Icon = !active ? IconSelector : direction === 'asc' ? IconArrowUp : IconArrowDown;
                return (
                  <Table.Th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={column.key === 'name' ? classes.sticky : undefined}
                    ta={column.numeric ? 'right' : undefined}
                  >
                    <UnstyledButton
                      onClick={() => onSort(column.key)}
                      className={classes.sortButton}
                      aria-label={t('sort.by', { column: t(`columns.${column.label}`) })}
                    >
                      <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : 'flex-start'}>
                        <span>{t(`columns.${column.label}`)}</span>
                        <Icon size={14} aria-hidden className={classes.sortIcon} />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {teams.map((team) => (
              <TeamRow key={team.project_id} team={team} format={format} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function TeamRow({ team, format }: { team: CourseTeam; format: CourseFormat }) {
  const { t } = useTranslation('course-overview');
  const flagged = new Set(team.outliers.map((outlier) => outlier.metric));
  const cell = (column: Column, content: ReactNode) => {
    const isFlagged = column.metric !== undefined && flagged.has(column.metric);
    return (
      <Table.Td
        key={column.key}
        ta={column.numeric ? 'right' : undefined}
        className={
          [isFlagged ? classes.flagged : '', column.numeric ? '' : classes.textCell].join(' ').trim() ||
          undefined
        }
        data-flagged={isFlagged || undefined}
      >
        <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : 'flex-start'}>
          {isFlagged && <IconAlertTriangle size={14} aria-hidden className={classes.flagIcon} />}
          <div>{content}</div>
        </Group>
      </Table.Td>
    );
  };
  const column = (key: CourseSortKey) => COLUMNS.find((candidate) => candidate.key === key)!;
  const notAvailable = (
    <Text span size="sm" c="dimmed" title={t('not_available_hint')}>
      {t('not_available')}
    </Text>
  );
  return (
    <Table.Tr>
      <Table.Th scope="row" className={classes.sticky} fw="normal">
        <TeamName team={team} />
      </Table.Th>
      <Table.Td className={classes.highlights}>
        {team.outliers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('highlights_none')}
          </Text>
        ) : (
          <Stack gap={2} component="ul" className={classes.list}>
            {team.outliers.map((outlier) => (
              <Text component="li" size="sm" key={`${outlier.metric}-${outlier.direction}`}>
                {format.outlier(outlier)}
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
      {cell(column('placement'), <Placement team={team} />)}
      {cell(column('members'), format.number(team.members))}
      {cell(column('hours_week'), format.number(team.hours_week))}
      {cell(column('tasks_closed_week'), format.number(team.tasks_closed_week))}
      {cell(
        column('commits_week'),
        team.commits_week === null
          ? notAvailable
          : t('commits_prs', {
              commits: format.number(team.commits_week),
              prs: format.number(team.merged_prs_week ?? 0),
            }),
      )}
      {cell(column('open_blockers'), format.number(team.open_blockers))}
      {cell(column('mood'), <Mood team={team} format={format} />)}
      {cell(
        column('days_since_activity'),
        team.days_since_activity === null ? t('never') : format.number(team.days_since_activity),
      )}
      {cell(column('burndown'), <Burndown team={team} format={format} />)}
    </Table.Tr>
  );
}

function TeamName({ team }: { team: CourseTeam }) {
  const { t } = useTranslation('course-overview');
  const base = `/project/${team.project_id}`;
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Anchor component={Link} to={base} fw={600} className={`${classes.teamName} ${classes.teamLink}`}>
          {team.name}
        </Anchor>
        {team.is_private && (
          <Badge size="xs" variant="light" color="gray">
            {t('private')}
          </Badge>
        )}
      </Group>
      <Group gap={8} wrap="nowrap" role="group" aria-label={t('links.label', { team: team.name })}>
        <Anchor component={Link} to={base} size="xs" className={classes.teamLink}>
          {t('links.board')}
        </Anchor>
        <Anchor component={Link} to={`${base}/report`} size="xs" className={classes.teamLink}>
          {t('links.reports')}
        </Anchor>
        <Anchor component={Link} to={`${base}/fairness`} size="xs" className={classes.teamLink}>
          {t('links.fairness')}
        </Anchor>
      </Group>
    </Stack>
  );
}

function Placement({ team }: { team: CourseTeam }) {
  const { t } = useTranslation('course-overview');
  const { year, semester, section, group } = team.course;
  if (team.placement === 'none')
    return (
      <Text span size="sm" c="dimmed">
        {t('not_placed')}
      </Text>
    );
  const place = [semester, section, group].filter((value) => value !== null).join(' · ');
  return (
    <Stack gap={0}>
      <Group gap={4}>
        <Text span size="sm">
          {place}
        </Text>
        {team.placement === 'inferred' && (
          <Badge size="xs" variant="outline" color="gray" title={t('placement.inferred')}>
            {t('inferred')}
          </Badge>
        )}
      </Group>
      {year !== null && (
        <Text span size="xs" c="dimmed">
          {t('placement.year_value', { year })}
        </Text>
      )}
    </Stack>
  );
}

const TREND_ICONS = { up: IconTrendingUp, down: IconTrendingDown, flat: IconArrowNarrowRight };

function Mood({ team, format }: { team: CourseTeam; format: CourseFormat }) {
  const { t } = useTranslation('course-overview');
  const { average, trend } = team.mood;
  if (average === null)
    return (
      <Text span size="sm" c="dimmed">
        {t('mood.none')}
      </Text>
    );
  const Icon = trend ? TREND_ICONS[trend] : null;
  return (
    <Stack gap={0}>
      <Group gap={4} wrap="nowrap">
        {Icon && <Icon size={16} aria-hidden />}
        <Text span size="sm">
          {trend ? t(`mood.${trend}`) : t('mood.none_trend')}
        </Text>
      </Group>
      <Text span size="xs" c="dimmed">
        {t('mood.average', { value: format.number(average) })}
      </Text>
    </Stack>
  );
}

function Burndown({ team, format }: { team: CourseTeam; format: CourseFormat }) {
  const { t } = useTranslation('course-overview');
  const burndown = team.burndown;
  if (!burndown)
    return (
      <Text span size="sm" c="dimmed">
        {t('burndown.none')}
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text span size="sm">
        {t('burndown.value', {
          remaining: format.number(burndown.remaining),
          ideal: format.number(burndown.ideal_remaining),
        })}
      </Text>
      <Text span size="xs" c="dimmed">
        {t('burndown.milestone', { name: burndown.name, deadline: format.day(burndown.deadline) })}
      </Text>
    </Stack>
  );
}

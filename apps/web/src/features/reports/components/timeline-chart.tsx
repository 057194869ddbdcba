import { IconBarrierBlock } from '@tabler/icons-react';
import {
  addDays,
  daysBetween,
  type TimelineMilestone,
  type TimelineReport,
  type TimelineTask,
} from '@teamboard/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import { Link } from 'react-router';
import { useReportFormat } from '../format';
import classes from './timeline-chart.module.css';

/**
 * The narrowest a day's column gets: room for its number on short ranges, while a year still fits
 * a few screens. Wider screens stretch the days to fill the width.
 */
function dayWidthOf(days: number): number {
  if (days <= 31) return 32;
  if (days <= 92) return 18;
  return 6;
}

/** A share of the track's width, as CSS. */
const percent = (value: number) => `${(value * 100).toFixed(4)}%`;

/** Where a span of days sits on the track (shares of its width): clipped to the range, with which ends are cut. */
interface Placement {
  left: string;
  width: string;
  cutStart: boolean;
  cutEnd: boolean;
}

function place(range: { start: string; end: string; days: number }, from: string, to: string): Placement {
  const first = from < range.start ? range.start : from;
  const last = to > range.end ? range.end : to;
  return {
    left: percent(daysBetween(range.start, first) / range.days),
    width: percent((daysBetween(first, last) + 1) / range.days),
    cutStart: from < range.start,
    cutEnd: to > range.end,
  };
}

type Range = Parameters<typeof place>[0];

interface TimelineChartProps {
  projectId: string;
  report: TimelineReport;
}

/**
 * The gantt of the timeline report: a row per task under its milestone's header, a bar from its
 * start to its end, the today line. Blocked tasks say so with an icon and a word (and stripes),
 * overdue ones with a word (and red). The table beside it holds the same rows for screen readers.
 */
export function TimelineChart({ projectId, report }: TimelineChartProps) {
  const days = daysBetween(report.start_date, report.end_date) + 1;
  const range: Range = { start: report.start_date, end: report.end_date, days };
  const style = { '--days': days, '--track-min-width': `${days * dayWidthOf(days)}px` } as CSSProperties;
  const showsToday = report.today >= report.start_date && report.today <= report.end_date;
  return (
    <div className={classes.scroller}>
      <div className={classes.chart} style={style}>
        <TimelineAxis range={range} />
        {report.groups.map((group) => (
          <div key={group.milestone?.milestone_id ?? 'none'}>
            <MilestoneRow milestone={group.milestone} range={range} />
            {group.tasks.map((task) => (
              <TaskRow key={task.id} projectId={projectId} task={task} range={range} />
            ))}
          </div>
        ))}
        {showsToday && (
          <div
            className={classes.today}
            data-today-line
            style={
              { '--today': (daysBetween(report.start_date, report.today) + 0.5) / days } as CSSProperties
            }
          />
        )}
      </div>
    </div>
  );
}

/** The months of the range over their days, and each day's number when there is room for it. */
function TimelineAxis({ range }: { range: Range }) {
  const format = useFormat();
  const { days } = range;
  const dayList = Array.from({ length: days }, (_, index) => addDays(range.start, index));
  const monthStarts = dayList.filter((day, index) => index === 0 || day.endsWith('-01'));
  return (
    <div className={`${classes.row} ${classes.header}`}>
      <div className={classes.label} />
      <div className={classes.track}>
        <div className={classes.months}>
          {monthStarts.map((day, index) => {
            const next = monthStarts[index + 1];
            const length = next ? daysBetween(day, next) : days - daysBetween(range.start, day);
            return (
              <span
                key={day}
                className={classes.axisLabel}
                style={{ left: percent(daysBetween(range.start, day) / days), width: percent(length / days) }}
              >
                {format.date(day, 'month')}
              </span>
            );
          })}
        </div>
        {dayWidthOf(days) >= 18 && (
          <div className={classes.days}>
            {dayList.map((day, index) => (
              <span
                key={day}
                className={classes.axisLabel}
                style={{ left: percent(index / days), width: percent(1 / days) }}
              >
                {Number(day.slice(8))}
              </span>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/** A group's header: the milestone's name and its span (or "No milestone"). */
function MilestoneRow({ milestone, range }: { milestone: TimelineMilestone | null; range: Range }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const placement = milestone ? place(range, milestone.start_date, milestone.deadline) : null;
  const name = milestone?.name ?? t('timeline.no_milestone');
  return (
    <div className={`${classes.row} ${classes.group}`}>
      <div className={classes.label}>
        <span className={classes.title} title={name}>
          {name}
        </span>
      </div>
      <div className={classes.track}>
        {milestone && placement && milestone.deadline >= range.start && milestone.start_date <= range.end && (
          <div
            className={classes.milestoneBar}
            style={{ left: placement.left, width: placement.width }}
            title={`${milestone.name}: ${format.range(milestone.start_date, milestone.deadline)}`}
          />
        )}
      </div>
    </div>
  );
}

function TaskRow({ projectId, task, range }: { projectId: string; task: TimelineTask; range: Range }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const placement = place(range, task.start, task.end);
  return (
    <div className={classes.row}>
      <div className={classes.label}>
        {/* Out of the tab order: the chart is hidden from assistive technology (its table is not). */}
        <Link
          to={`/project/${projectId}?task=${task.id}`}
          className={classes.title}
          title={task.title}
          tabIndex={-1}
        >
          {task.title}
        </Link>
        {(task.is_blocked || task.overdue) && (
          <span className={classes.flags}>
            {task.is_blocked && (
              <span className={classes.blocked} title={task.blocked_reason ?? undefined}>
                <IconBarrierBlock size={14} aria-hidden />
                {t('timeline.blocked')}
              </span>
            )}
            {task.overdue && <span className={classes.overdueText}>{t('timeline.overdue')}</span>}
          </span>
        )}
      </div>
      <div className={classes.track}>
        <div
          className={classes.bar}
          style={{ left: placement.left, width: placement.width }}
          data-completed={task.completed || undefined}
          data-overdue={task.overdue || undefined}
          data-blocked={task.is_blocked || undefined}
          data-cut-start={placement.cutStart || undefined}
          data-cut-end={placement.cutEnd || undefined}
          title={`${task.title}: ${format.range(task.start, task.end)}`}
        />
      </div>
    </div>
  );
}

/** What the bars' looks mean, in words. */
export function TimelineLegend() {
  const { t } = useTranslation('reports');
  const bar = (data: Record<string, boolean>) => (
    <span className={`${classes.bar} ${classes.swatch}`} {...dataAttributes(data)} />
  );
  return (
    <div className={classes.legend}>
      <span className={classes.legendItem}>
        {bar({})}
        {t('timeline.open')}
      </span>
      <span className={classes.legendItem}>
        {bar({ completed: true })}
        {t('timeline.completed')}
      </span>
      <span className={classes.legendItem}>
        {bar({ overdue: true })}
        {t('timeline.overdue')}
      </span>
      <span className={classes.legendItem}>
        {bar({ blocked: true })}
        <IconBarrierBlock size={14} aria-hidden />
        {t('timeline.blocked')}
      </span>
      <span className={classes.legendItem}>
        <span className={classes.todaySwatch} />
        {t('timeline.today')}
      </span>
    </div>
  );
}

const dataAttributes = (data: Record<string, boolean>) =>
  Object.fromEntries(Object.entries(data).map(([name, value]) => [`data-${name}`, value || undefined]));

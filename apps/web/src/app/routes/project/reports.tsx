import { localToday, type Board, type Milestone } from '@teamboard/contract';
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../../components/page';
import { useBoards } from '../../../features/boards/api/get-boards';
import { useMilestones } from '../../../features/milestones/api/get-milestones';
import { useProject } from '../../../features/projects/api/get-project';
import { ReportIndex, type ReportTarget } from '../../../features/reports/components/report-index';
import { defaultReportParams } from '../../../features/reports/dates';
import { REPORT_KINDS, reportPath, type ReportKind } from '../../report-paths';

const MILESTONE_REPORTS: readonly ReportKind[] = [
  'burnup',
  'burndown',
  'averagetaskcompletion',
  'estimatedhoursvariation',
];
/** Task progress draws one board's columns; workload may cover every board. */
const BOARD_REPORTS: readonly ReportKind[] = ['taskprogress'];

/** The milestone a report opens on: the one running today, else the latest started, else the first. */
function currentMilestone(milestones: Milestone[], today: string): Milestone | null {
  const byStart = [...milestones].sort((a, b) => a.start_date.localeCompare(b.start_date));
  return (
    byStart.find((m) => m.start_date <= today && today <= m.deadline) ??
    byStart.filter((m) => m.start_date <= today).at(-1) ??
    byStart[0] ??
    null
  );
}

/** /project/:id/report */
export default function ReportsRoute() {
  const { t } = useTranslation('projects');
  const { id = '' } = useParams();
  // The layout has loaded the project already: this reads the cache.
  const { data: project } = useProject(id);
  const milestonesQuery = useMilestones(id);
  const boardsQuery = useBoards(id);
  const title = project ? `${t('pages.reports')} · ${project.name}` : t('pages.reports');
  // The milestone and board reports' links depend on them: no card before they are known.
  if (milestonesQuery.isPending || boardsQuery.isPending) {
    return (
      <Page title={title}>
        <Loader size="sm" role="status" aria-label={t('common:loading')} />
      </Page>
    );
  }
  const milestones = milestonesQuery.data ?? [];
  const boards = boardsQuery.data ?? [];
  const defaults = defaultReportParams();
  const milestone = currentMilestone(milestones, localToday());
  const board: Board | undefined = boards[0];

  function targetOf(kind: ReportKind): ReportTarget {
    if (MILESTONE_REPORTS.includes(kind)) {
      return milestone
        ? { href: reportPath(id, kind, { milestone_id: String(milestone.milestone_id) }) }
        : { needs: 'milestone', href: `/project/${id}/milestone` };
    }
    if (BOARD_REPORTS.includes(kind)) {
      return board
        ? { href: reportPath(id, kind, { ...defaults, board_id: String(board.id) }) }
        : { needs: 'board', href: `/project/${id}` };
    }
    return { href: reportPath(id, kind, { ...defaults, board_id: 'all' }) };
  }

  return (
    <ReportIndex
      title={title}
      kinds={REPORT_KINDS}
      targetOf={targetOf}
      context={{
        projectId: id,
        start_date: defaults.start_date,
        end_date: defaults.end_date,
        milestoneId: milestone?.milestone_id ?? null,
        boardId: board?.id ?? null,
      }}
    />
  );
}

import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ID_MAX, type Milestone } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/projects/:id/milestones, under the milestones feature's cache key: a feature may not
 * import another one, and sharing the key means the list is fetched once for both.
 */
export function useReportMilestones(projectId: string) {
  return useQuery({
    queryKey: queryKeys.milestones(projectId),
    queryFn: async () =>
      (await api.get<{ data: Milestone[] }>(`/projects/${encodeURIComponent(projectId)}/milestones`)).data,
  });
}

/** The id a `milestone_id` parameter names, or null when it names none (typed by hand, say). */
export function parseMilestoneId(value: string | undefined): number | null {
  const id = value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0;
  return id > 0 && id <= ID_MAX ? id : null;
}

/** The choices: each milestone by start date (sprints said so), and the address's id if it names none listed. */
export function milestoneSelectData(milestones: Milestone[], selected: number | null, sprintLabel: string) {
  const data = [...milestones]
    .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.milestone_id - b.milestone_id)
    .map((milestone) => ({
      value: String(milestone.milestone_id),
      label: milestone.sprint ? `${milestone.milestone_name} (${sprintLabel})` : milestone.milestone_name,
    }));
  if (selected !== null && !milestones.some((milestone) => milestone.milestone_id === selected)) {
    data.push({ value: String(selected), label: `#${selected}` });
  }
  return data;
}

interface MilestonePickerProps {
  projectId: string;
  /** The milestone shown; null: none chosen yet. */
  value: number | null;
  onChange: (milestoneId: number) => void;
}

const PICKER_STYLE = { flex: '1 1 200px', maxWidth: 320 };

/** The milestone a report follows (burnup, burndown, average completion, hours variation). */
export function MilestonePicker({ projectId, value, onChange }: MilestonePickerProps) {
  const { t } = useTranslation('reports');
  const { data: milestones = [] } = useReportMilestones(projectId);
  return (
    <Select
      label={t('milestone.label')}
      placeholder={t('milestone.placeholder')}
      value={value === null ? null : String(value)}
      data={milestoneSelectData(milestones, value, t('milestone.sprint'))}
      onChange={(next) => next && onChange(Number(next))}
      allowDeselect={false}
      searchable={milestones.length > 8}
      style={PICKER_STYLE}
    />
  );
}

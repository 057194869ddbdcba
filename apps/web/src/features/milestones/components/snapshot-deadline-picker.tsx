import { Select } from '@mantine/core';
import type { MilestoneSnapshotSummary } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { useSnapshotFormat } from '../snapshot-format';

/** One snapshot per deadline: after the deadline moved, the earlier ones stay, named by their deadline. */
export function SnapshotDeadlinePicker({
  snapshots,
  value,
  onChange,
}: {
  snapshots: MilestoneSnapshotSummary[];
  value: number;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation('milestones');
  const format = useSnapshotFormat();
  return (
    <Select
      label={t('snapshot.pick')}
      maw={360}
      allowDeselect={false}
      value={String(value)}
      onChange={(id) => id && onChange(Number(id))}
      data={snapshots.map((s) => ({
        value: String(s.id),
        label: t('snapshot.pick_option', { deadline: format.day(s.deadline) }),
      }))}
    />
  );
}

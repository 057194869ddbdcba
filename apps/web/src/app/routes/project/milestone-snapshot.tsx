import { Stack } from '@mantine/core';
import type { BurnReport } from '@teamboard/contract';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { MilestoneSnapshotScreen } from '../../../features/milestones/components/milestone-snapshot-screen';
import {
  BurnResult,
  UnitControl,
  type BurnUnit,
} from '../../../features/reports/components/burn-report-screen';
import type { ReportViewMode } from '../../../features/reports/components/report-view';

/** A positive whole id from the address, or null. */
function idOf(value: string | null | undefined): number | null {
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/** The frozen burndown, drawn as the burndown report draws the live one. */
function FrozenBurndown({ report }: { report: BurnReport }) {
  const [unit, setUnit] = useState<BurnUnit>('tasks');
  const [view, setView] = useState<ReportViewMode>('chart');
  return (
    <Stack gap="sm">
      <UnitControl unit={unit} onChange={setUnit} />
      <BurnResult report={report} mode="burndown" unit={unit} view={view} onViewChange={setView} />
    </Stack>
  );
}

/**
 * /project/:id/milestone/:milestone_id/snapshot?snapshot= — a milestone's snapshot (the latest, or
 * the one of an earlier deadline); /project/:id/milestone/snapshots/:snapshot_id — one snapshot by
 * its id (a deleted milestone's).
 */
export default function MilestoneSnapshotRoute() {
  const { id = '', milestone_id, snapshot_id } = useParams();
  const [search, setSearch] = useSearchParams();
  return (
    <MilestoneSnapshotScreen
      projectId={id}
      milestoneId={idOf(milestone_id)}
      snapshotId={idOf(snapshot_id ?? search.get('snapshot'))}
      onSnapshotChange={(snapshotId) => setSearch({ snapshot: String(snapshotId) })}
      backPath={`/project/${encodeURIComponent(id)}/milestone`}
      renderBurndown={(report) => <FrozenBurndown report={report} />}
    />
  );
}
